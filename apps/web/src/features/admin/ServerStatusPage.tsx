import type { AdminStatusResponse, ConfigEntry } from '@filestore/contract';
import { Lock, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import { errorMessage } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Notice } from '../../ui/Notice';
import { PageSpinner } from '../../ui/Spinner';
import { useServerStatus } from './dashboard/dashboard.api';
import { HealthBadge, HealthList } from './dashboard/health';
import { SettingsPage } from './settings/SettingsTabs';

type Status = AdminStatusResponse['data'];

const cell = 'px-3 py-2 align-top';
const head = 'px-3 py-2 text-left text-xs font-medium text-neutral-600 dark:text-neutral-300';

function Table({
  label,
  columns,
  wide,
  children,
}: {
  label: string;
  columns: string[];
  /** Scrolls sideways on a phone rather than squeezing its columns. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    // A region the keyboard can scroll too (axe scrollable-region-focusable): on a phone the wide
    // tables and long values scroll sideways.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent sm:mx-0 sm:rounded-xl sm:ring-1 sm:ring-neutral-200 dark:sm:ring-neutral-800"
    >
      <table className={`w-full text-sm ${wide ? 'min-w-[32rem]' : ''}`}>
        <caption className="sr-only">{label}</caption>
        <thead className="bg-neutral-50 dark:bg-neutral-800">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={head}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100 text-neutral-800 dark:divide-neutral-800 dark:text-neutral-200">
          {children}
        </tbody>
      </table>
    </div>
  );
}

function Jobs({ jobs }: { jobs: Status['jobs'] }) {
  const { t } = useTranslation();
  const when = (iso: string | null) => (iso ? formatDate(iso, 'long') : t('admin.server.never'));
  return (
    <Card title={t('admin.server.jobs')} description={t('admin.server.jobs_description')}>
      <Table
        label={t('admin.server.jobs')}
        wide
        columns={[
          t('admin.server.job'),
          t('admin.server.status'),
          t('admin.server.every'),
          t('admin.server.last_run'),
          t('admin.server.last_success'),
        ]}
      >
        {jobs.items.map((job) => (
          <tr key={job.name}>
            <th scope="row" className={`${cell} text-left font-mono text-xs font-medium`}>
              {job.name}
              {job.last_error && (
                <span className="mt-1 block font-sans font-normal break-words text-red-700 dark:text-red-300">
                  {job.last_error}
                </span>
              )}
            </th>
            <td className={cell}>
              <HealthBadge status={job.status} />
            </td>
            <td className={`${cell} tabular-nums`}>
              {t('admin.server.every_value', { seconds: job.interval_seconds })}
            </td>
            <td className={cell}>{when(job.last_run_at)}</td>
            <td className={cell}>{when(job.last_success_at)}</td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}

function ConfigValue({ entry }: { entry: ConfigEntry }) {
  const { t } = useTranslation();
  if (entry.secret) {
    return (
      <span className="inline-flex items-center gap-1.5 text-neutral-600 dark:text-neutral-400">
        <Lock className="size-3.5" aria-hidden />
        {t(entry.set ? 'admin.server.secret_set' : 'admin.server.secret_unset')}
      </span>
    );
  }
  if (entry.value === null) return <span className="text-neutral-500">{t('admin.server.not_set')}</span>;
  return <span className="font-mono text-xs break-all">{entry.value}</span>;
}

function ServerStatus() {
  const { t } = useTranslation();
  useDisplayTimezone();
  const query = useServerStatus();
  if (query.isPending) return <PageSpinner label={t('common.loading')} />;
  if (query.isError) return <Notice tone="error">{errorMessage(t, query.error)}</Notice>;
  const status = query.data.data;
  return (
    <div className="space-y-6">
      {/* The tab's line under the settings' title: what it shows, when it was checked, and again. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.server.description')}</p>
        <div className="flex items-center gap-3">
          <span className="text-xs text-neutral-600 dark:text-neutral-400" aria-live="polite">
            {t('admin.server.checked', { time: formatDate(query.dataUpdatedAt, 'time') })}
          </span>
          <Button
            variant="secondary"
            icon={<RefreshCw className="size-4" aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t('admin.server.refresh')}
          </Button>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('admin.server.health')}>
          <HealthList health={status} label={t('admin.server.health')} />
        </Card>
        <Card title={t('admin.server.runtime')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
            <dt className="text-neutral-600 dark:text-neutral-400">{t('admin.server.app_version')}</dt>
            <dd className="text-neutral-900 dark:text-neutral-100">{status.runtime.app_version}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('admin.server.node_version')}</dt>
            <dd className="text-neutral-900 dark:text-neutral-100">{status.runtime.node_version}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('admin.server.uptime')}</dt>
            <dd className="text-neutral-900 dark:text-neutral-100">{formatDate(status.runtime.started_at, 'long')}</dd>
            <dt className="text-neutral-600 dark:text-neutral-400">{t('admin.server.data_dir')}</dt>
            <dd className="font-mono text-xs break-all text-neutral-900 dark:text-neutral-100">{status.disk.path}</dd>
          </dl>
        </Card>
      </div>
      <Jobs jobs={status.jobs} />
      <Card title={t('admin.server.config')} description={t('admin.server.config_description')}>
        <Table label={t('admin.server.config')} columns={[t('admin.server.setting'), t('admin.server.value')]}>
          {status.config.map((entry) => (
            <tr key={entry.key}>
              <th scope="row" className={`${cell} text-left font-mono text-xs font-medium`}>
                {entry.key}
              </th>
              <td className={cell}>
                <ConfigValue entry={entry} />
              </td>
            </tr>
          ))}
        </Table>
      </Card>
    </div>
  );
}

/** /admin/settings/server: the last of the settings tabs. */
export function ServerStatusPage() {
  return (
    <SettingsPage>
      <ServerStatus />
    </SettingsPage>
  );
}
