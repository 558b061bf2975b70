import { type AdminDashboardResponse } from '@filestore/contract';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/forms';
import { EmptyState } from '../../ui/EmptyState';
import { Notice } from '../../ui/Notice';
import { PageSpinner } from '../../ui/Spinner';
import { AuditList } from './users/AuditList';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800">
      <div className="flex items-center gap-3 text-sm font-medium text-neutral-600 dark:text-neutral-400">
        <span className="flex size-9 items-center justify-center rounded-xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
          {icon}
        </span>
        {label}
      </div>
      <p className="mt-4 text-3xl font-bold tracking-tight text-neutral-900 dark:text-white">{value}</p>
    </div>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => api.get<AdminDashboardResponse>('/api/admin/dashboard'),
  });
  if (query.isPending) return <PageSpinner label={t('common.loading')} />;
  if (query.isError) return <Notice tone="error">{errorMessage(t, query.error)}</Notice>;
  const { users } = query.data.data;
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold text-neutral-900 dark:text-white">{t('admin.dashboard.overview')}</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Stat
          icon={<Users className="size-4.5" aria-hidden />}
          label={t('admin.dashboard.users')}
          value={users.total}
        />
        <Stat
          icon={<ShieldCheck className="size-4.5" aria-hidden />}
          label={t('admin.dashboard.admins')}
          value={users.admins}
        />
      </div>
      <AuditList limit={8} />
      {users.total <= 1 && (
        <EmptyState
          icon={<Users className="size-8" aria-hidden />}
          title={t('admin.dashboard.welcome_title')}
          description={t('admin.dashboard.welcome_description')}
        />
      )}
    </div>
  );
}
