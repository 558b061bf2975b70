import type { HealthStatus, ServerHealth } from '@filestore/contract';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { cn } from '../../../ui/cn';
import { formatBytes } from '../../files/format';

type T = ReturnType<typeof useTranslation>['t'];

const TONES: Record<HealthStatus, string> = {
  ok: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/30',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/30',
  down: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/30',
};
const ICONS = { ok: CircleCheck, warning: CircleAlert, down: CircleX } as const;

/** A status as colour, icon and word: never colour alone. */
export function HealthBadge({ status }: { status: HealthStatus }) {
  const { t } = useTranslation();
  const Icon = ICONS[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[status],
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {t(`admin.health.${status}`)}
    </span>
  );
}

export interface HealthRow {
  key: string;
  label: string;
  status: HealthStatus;
  detail: string;
}

const ms = (t: T, value: number | null) => (value === null ? '' : t('admin.health.latency', { ms: value }));

/** One line per part of the server, in the order an operator looks at them. */
export function healthRows(t: T, health: ServerHealth): HealthRow[] {
  const { database, storage, mail, redis, jobs, disk, runtime } = health;
  const onTime = jobs.items.filter((j) => j.status === 'ok').length;
  return [
    {
      key: 'database',
      label: t('admin.health.database'),
      status: database.status,
      detail:
        database.error ??
        [
          t(`admin.health.${database.driver}`),
          ms(t, database.latency_ms),
          t('admin.health.migrations', { applied: database.migrations_applied, total: database.migrations_total }),
        ].join(' · '),
    },
    {
      key: 'storage',
      label: t('admin.health.storage'),
      status: storage.status,
      detail: `${t(`admin.health.${storage.driver}`)} · ${
        storage.error ?? t('admin.health.probe_ok', { ms: storage.latency_ms ?? 0 })
      }`,
    },
    {
      key: 'mail',
      label: t('admin.health.mail'),
      status: mail.status,
      detail: mail.driver === 'smtp' ? t('admin.health.smtp', { host: mail.host ?? '' }) : t('admin.health.outbox'),
    },
    {
      key: 'redis',
      label: t('admin.health.redis'),
      status: redis.status,
      detail: !redis.configured
        ? t('admin.health.redis_off')
        : (redis.error ?? t('admin.health.redis_ok', { ms: redis.latency_ms ?? 0 })),
    },
    {
      key: 'jobs',
      label: t('admin.health.jobs'),
      status: jobs.status,
      detail: jobs.items.length
        ? t('admin.health.jobs_summary', { ok: onTime, total: jobs.items.length })
        : t('admin.health.jobs_none'),
    },
    {
      key: 'disk',
      label: t('admin.health.disk'),
      status: disk.status,
      detail:
        disk.free_bytes === null || disk.total_bytes === null
          ? t('admin.health.disk_unknown', { path: disk.path })
          : t('admin.health.disk_free', { free: formatBytes(disk.free_bytes), total: formatBytes(disk.total_bytes) }),
    },
    {
      key: 'version',
      label: t('admin.health.version'),
      status: runtime.status,
      detail: t('admin.health.runtime', { app: runtime.app_version, node: runtime.node_version }),
    },
  ];
}

/** The health lines as a list: label and detail, the badge at the end. */
export function HealthList({ health, label }: { health: ServerHealth; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-neutral-100 dark:divide-neutral-800" aria-label={label}>
      {healthRows(t, health).map((row) => (
        <li key={row.key} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0">
            <p className="text-sm font-medium text-neutral-900 dark:text-neutral-100">{row.label}</p>
            <p className="mt-0.5 text-sm break-words text-neutral-600 dark:text-neutral-400">{row.detail}</p>
          </div>
          <HealthBadge status={row.status} />
        </li>
      ))}
    </ul>
  );
}
