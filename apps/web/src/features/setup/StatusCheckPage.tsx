import type { StatusCheck } from '@filestore/contract';
import type { TFunction } from '../../lib/i18n';
import { CircleCheck, CircleX, RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import { useConfig } from '../../lib/config';
import { errorMessage } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageSpinner } from '../../ui/Spinner';
import { useStatusCheck } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

interface Row {
  key: string;
  label: string;
  detail: string;
  ok: boolean;
  /** A failed optional check is a warning, not an error. */
  optional?: boolean;
}

function rows(t: TFunction, status: StatusCheck): Row[] {
  return [
    {
      key: 'node',
      label: t('setup.status.node'),
      detail: t('setup.status.node_detail', status.node),
      ok: status.node.ok,
    },
    { key: 'data', label: t('setup.status.data_dir'), detail: status.dataDir.path, ok: status.dataDir.writable },
    {
      key: 'database',
      label: t('setup.status.database'),
      detail: status.database.message ?? t(`setup.driver.${status.database.driver}`),
      ok: status.database.reachable,
    },
    {
      key: 'storage',
      label: t('setup.status.storage'),
      detail: status.storage.message ?? t(`setup.driver.${status.storage.driver}`),
      ok: status.storage.writable,
    },
    {
      key: 'mail',
      label: t('setup.status.mail'),
      detail: status.mail.configured ? t(`setup.driver.${status.mail.driver}`) : t('setup.status.mail_outbox'),
      ok: status.mail.configured,
      optional: true,
    },
  ];
}

export function StatusCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const query = useStatusCheck();
  const status = query.data ?? config.statusCheck;
  // Node and the data directory cannot be fixed from the wizard; the rest can in the next steps.
  const blocking = status ? !status.node.ok || !status.dataDir.writable : false;

  return (
    <WizardLayout title={t('setup.status.title')} description={t('setup.status.description')}>
      {query.isError && !status && <Notice tone="error">{errorMessage(t, query.error)}</Notice>}
      {!status && query.isPending && <PageSpinner label={t('common.loading')} />}
      {status && (
        <ul className="divide-y divide-neutral-200 overflow-hidden rounded-xl ring-1 ring-neutral-200 dark:divide-neutral-800 dark:ring-neutral-800">
          {rows(t, status).map((row) => (
            <li key={row.key} className="flex items-center gap-3 px-4 py-3.5">
              {row.ok ? (
                <CircleCheck
                  className="size-5 shrink-0 text-accent-strong dark:text-accent"
                  aria-label={t('setup.status.ok')}
                />
              ) : row.optional ? (
                <TriangleAlert
                  className="size-5 shrink-0 text-amber-600 dark:text-amber-400"
                  aria-label={t('setup.status.warning')}
                />
              ) : (
                <CircleX
                  className="size-5 shrink-0 text-red-600 dark:text-red-400"
                  aria-label={t('setup.status.failed')}
                />
              )}
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-neutral-900 dark:text-neutral-100">{row.label}</p>
                <p className="text-sm break-words text-neutral-500 dark:text-neutral-400">{row.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {blocking && (
        <Notice tone="error" className="mt-5">
          {t('setup.status.blocking')}
        </Notice>
      )}
      <WizardActions>
        <Button
          variant="secondary"
          icon={<RefreshCw className="size-4" aria-hidden />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('setup.status.recheck')}
        </Button>
        <Button disabled={!status || blocking} onClick={() => void navigate('/setup-wizard/database')}>
          {t('setup.continue')}
        </Button>
      </WizardActions>
    </WizardLayout>
  );
}
