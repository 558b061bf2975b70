import type { AuditEntry } from '@filestore/contract';
import { History } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { Card } from '../../../ui/Card';
import { Notice } from '../../../ui/Notice';
import { errorMessage } from '../../../lib/forms';
import { formatDate } from '../../../lib/dates';
import { useAudit } from './users.api';

function describe(t: ReturnType<typeof useTranslation>['t'], entry: AuditEntry): string {
  const target = entry.target?.email ?? '';
  const role = entry.details.to === 'admin' ? t('admin.users.role_admin') : t('admin.users.role_user');
  return t(`admin.audit.${entry.action}`, {
    target,
    role,
    setting: typeof entry.details.name === 'string' ? entry.details.name : '',
  });
}

/** The administrators' recent actions: all of them (dashboard) or those on one user (their page). */
export function AuditList({ user, limit = 8 }: { user?: string; limit?: number }) {
  const { t } = useTranslation();
  const audit = useAudit(user, limit);
  return (
    <Card title={t(user ? 'admin.user.activity' : 'admin.audit.title')}>
      {audit.isPending ? (
        <div
          className="h-16 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800"
          aria-label={t('common.loading')}
        />
      ) : audit.isError ? (
        <Notice tone="error">{errorMessage(t, audit.error)}</Notice>
      ) : audit.data.data.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.audit.empty')}</p>
      ) : (
        <ol
          className="divide-y divide-neutral-100 dark:divide-neutral-800"
          aria-label={t(user ? 'admin.user.activity' : 'admin.audit.title')}
        >
          {audit.data.data.map((entry) => (
            <li key={entry.id} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
              <History className="mt-0.5 size-4 shrink-0 text-neutral-500" aria-hidden />
              <div className="min-w-0 flex-1 text-sm">
                <p className="break-words text-neutral-900 dark:text-neutral-100">{describe(t, entry)}</p>
                <p className="text-neutral-600 dark:text-neutral-400">
                  {t('admin.audit.by', { actor: entry.actor.email })} ·{' '}
                  <time dateTime={entry.created_at}>{formatDate(entry.created_at, 'long')}</time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
