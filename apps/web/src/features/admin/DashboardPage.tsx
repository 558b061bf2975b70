import { formatMoney, type AdminDashboardResponse, type FileCategory } from '@filestore/contract';
import { AdminPage } from './AdminPage';
import { ArrowDownToLine, ArrowUpFromLine, Banknote, ChevronRight, HardDrive, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../app/routing';
import { useConfig } from '../../lib/config';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import { errorMessage } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Notice } from '../../ui/Notice';
import { PageSpinner } from '../../ui/Spinner';
import { formatBytes } from '../files/format';
import { useDashboard } from './dashboard/dashboard.api';
import { HealthList } from './dashboard/health';
import { TrafficChart } from './dashboard/TrafficChart';
import { AuditList } from './users/AuditList';

type Dashboard = AdminDashboardResponse['data'];

function Stat({ icon, label, value, note }: { icon: ReactNode; label: string; value: ReactNode; note?: string }) {
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800">
      <div className="flex items-center gap-3 text-sm font-medium text-neutral-600 dark:text-neutral-400">
        <span className="flex size-9 items-center justify-center rounded-xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
          {icon}
        </span>
        {label}
      </div>
      <p className="mt-4 text-3xl font-bold tracking-tight text-neutral-900 tabular-nums dark:text-white">{value}</p>
      {note && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{note}</p>}
    </div>
  );
}

const CATEGORY_LABELS: Record<FileCategory, string> = {
  image: 'storage.images',
  video: 'storage.videos',
  audio: 'storage.audios',
  document: 'storage.documents',
  other: 'storage.others',
};
const CATEGORY_COLOURS: Record<FileCategory, string> = {
  image: 'bg-accent',
  video: 'bg-sky-500',
  audio: 'bg-violet-500',
  document: 'bg-amber-500',
  other: 'bg-neutral-400 dark:bg-neutral-500',
};

function StorageByType({ storage }: { storage: Dashboard['storage'] }) {
  const { t } = useTranslation();
  const parts = storage.by_category.filter((c) => c.bytes > 0).sort((a, b) => b.bytes - a.bytes);
  return (
    <Card title={t('admin.dashboard.storage_by_type')}>
      {parts.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.dashboard.storage_empty')}</p>
      ) : (
        <>
          <div className="flex h-2.5 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800" aria-hidden>
            {parts.map((p) => (
              <span
                key={p.category}
                className={CATEGORY_COLOURS[p.category]}
                style={{ width: `${(p.bytes / storage.used) * 100}%` }}
              />
            ))}
          </div>
          <ul className="mt-4 space-y-2 text-sm">
            {parts.map((p) => (
              <li key={p.category} className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2 text-neutral-800 dark:text-neutral-200">
                  <span className={`size-2.5 rounded-sm ${CATEGORY_COLOURS[p.category]}`} aria-hidden />
                  {t(CATEGORY_LABELS[p.category])}
                </span>
                <span className="text-neutral-600 tabular-nums dark:text-neutral-400">{formatBytes(p.bytes)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function NewestUsers({ users }: { users: Dashboard['newest_users'] }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  return (
    <Card title={t('admin.dashboard.newest_users')}>
      <ul className="-mx-2 space-y-0.5" aria-label={t('admin.dashboard.newest_users')}>
        {users.map((u) => (
          <li key={u.id}>
            <Link
              to={`/admin/user/${u.id}/details`}
              className="flex items-center gap-3 rounded-xl px-2 py-2 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent dark:hover:bg-neutral-800/60"
            >
              <Avatar name={u.name} email={u.email} color={u.color} avatar={u.avatar} size={36} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">
                  {u.name}
                </span>
                <span className="block truncate text-sm text-neutral-600 dark:text-neutral-400">{u.email}</span>
                <span className="block text-xs text-neutral-600 dark:text-neutral-400">
                  {t('admin.dashboard.joined', { date: formatDate(u.created_at) })}
                </span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-neutral-400" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/admin/users"
        className="mt-3 inline-block text-sm font-medium text-accent-strong hover:underline dark:text-accent"
      >
        {t('admin.dashboard.all_users')}
      </Link>
    </Card>
  );
}

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const query = useDashboard();
  const title = t('admin.dashboard.overview');
  if (query.isPending)
    return (
      <AdminPage title={title}>
        <PageSpinner label={t('common.loading')} />
      </AdminPage>
    );
  if (query.isError)
    return (
      <AdminPage title={title}>
        <Notice tone="error">{errorMessage(t, query.error)}</Notice>
      </AdminPage>
    );
  const { users, storage, traffic, newest_users: newest, health, earnings } = query.data.data;
  // Earnings (issue 17 point 4) once billing is on or money has come in: one line per currency.
  const showEarnings = config.subscriptionType !== 'none' || earnings.length > 0;
  return (
    <AdminPage title={title}>
      <div
        className={`grid gap-4 sm:grid-cols-2 ${showEarnings ? 'lg:grid-cols-3 2xl:grid-cols-5' : 'xl:grid-cols-4'}`}
      >
        <Stat
          icon={<Users className="size-4.5" aria-hidden />}
          label={t('admin.dashboard.users')}
          value={users.total}
          note={t('admin.dashboard.new_users', { count: users.new_last_30_days })}
        />
        <Stat
          icon={<ShieldCheck className="size-4.5" aria-hidden />}
          label={t('admin.dashboard.admins')}
          value={users.admins}
        />
        <Stat
          icon={<HardDrive className="size-4.5" aria-hidden />}
          label={t('admin.dashboard.storage_used')}
          value={formatBytes(storage.used)}
        />
        <Stat
          icon={<ArrowUpFromLine className="size-4.5" aria-hidden />}
          label={t('admin.dashboard.traffic_45_days')}
          value={formatBytes(traffic.upload_total + traffic.download_total)}
          note={t('admin.dashboard.traffic_totals', {
            upload: formatBytes(traffic.upload_total),
            download: formatBytes(traffic.download_total),
          })}
        />
        {showEarnings && (
          <Stat
            icon={<Banknote className="size-4.5" aria-hidden />}
            label={t('admin.dashboard.earnings')}
            value={
              earnings.length === 0
                ? '0'
                : earnings.map((e) => formatMoney(e.amount, e.currency, i18n.language)).join(' · ')
            }
            note={t('admin.dashboard.earnings_note')}
          />
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          title={t('admin.dashboard.traffic')}
          description={t('admin.dashboard.traffic_description')}
          className="lg:col-span-2"
          // Beside the taller health card: the chart (or the empty state) takes the height it is given.
          fill
        >
          {traffic.upload_total + traffic.download_total === 0 ? (
            <div
              data-traffic-body
              className="flex flex-1 flex-col items-center justify-center gap-3 py-10 text-center text-sm text-neutral-600 dark:text-neutral-400"
            >
              <ArrowDownToLine className="size-8 text-neutral-400" aria-hidden />
              {t('admin.dashboard.traffic_empty')}
            </div>
          ) : (
            <TrafficChart days={traffic.days} />
          )}
        </Card>
        <Card title={t('admin.dashboard.health')}>
          <HealthList health={health} label={t('admin.dashboard.health')} />
          <Link
            to="/admin/settings/server"
            className="mt-4 inline-block text-sm font-medium text-accent-strong hover:underline dark:text-accent"
          >
            {t('admin.dashboard.health_details')}
          </Link>
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <NewestUsers users={newest} />
        <StorageByType storage={storage} />
        <AuditList limit={8} />
      </div>
      {users.total <= 1 && (
        <EmptyState
          icon={<Users className="size-8" aria-hidden />}
          title={t('admin.dashboard.welcome_title')}
          description={t('admin.dashboard.welcome_description')}
        />
      )}
    </AdminPage>
  );
}
