import type { TrafficDay } from '@filestore/contract';
import { formatUtcDay, useDisplayTimezone } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { formatBytes } from '../../files/format';

const HEIGHT = 160;
const SLOT = 10;
const BAR = 3.5;

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className={`size-2.5 rounded-sm ${className}`} aria-hidden />
      {label}
    </span>
  );
}

/**
 * Upload and download bytes per UTC day as paired bars. The picture is one image with a summary
 * for screen readers; the numbers are in a table under it, for everyone who wants them.
 */
export function TrafficChart({ days }: { days: TrafficDay[] }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const max = Math.max(1, ...days.flatMap((d) => [d.upload, d.download]));
  const total = (key: 'upload' | 'download') => formatBytes(days.reduce((sum, d) => sum + d[key], 0));
  const first = days[0];
  const last = days.at(-1);
  const middle = days[Math.floor(days.length / 2)];
  const height = (bytes: number) => (bytes > 0 ? Math.max(2, (bytes / max) * HEIGHT) : 0);
  const summary = t('admin.dashboard.chart_label', {
    from: first ? formatUtcDay(first.day) : '',
    to: last ? formatUtcDay(last.day) : '',
    upload: total('upload'),
    download: total('download'),
  });
  return (
    <div data-traffic-body className="flex flex-1 flex-col">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-xs text-neutral-600 dark:text-neutral-400">
        <div className="flex gap-4">
          <Legend className="bg-accent" label={t('admin.dashboard.upload')} />
          <Legend className="bg-neutral-400 dark:bg-neutral-500" label={t('admin.dashboard.download')} />
        </div>
        <span>{formatBytes(max)}</span>
      </div>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block min-h-40 w-full flex-1"
      >
        {[0.25, 0.5, 0.75].map((f) => (
          <line
            key={f}
            x1={0}
            x2={days.length * SLOT}
            y1={HEIGHT * f}
            y2={HEIGHT * f}
            className="stroke-neutral-100 dark:stroke-neutral-800"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {days.map((d, i) => {
          const x = i * SLOT + (SLOT - 2 * BAR - 1) / 2;
          const up = height(d.upload);
          const down = height(d.download);
          return (
            <g key={d.day}>
              <title>
                {t('admin.dashboard.chart_bar', {
                  day: formatUtcDay(d.day),
                  upload: formatBytes(d.upload),
                  download: formatBytes(d.download),
                })}
              </title>
              <rect x={i * SLOT} y={0} width={SLOT} height={HEIGHT} fill="transparent" />
              <rect x={x} y={HEIGHT - up} width={BAR} height={up} rx={1} className="fill-accent" />
              <rect
                x={x + BAR + 1}
                y={HEIGHT - down}
                width={BAR}
                height={down}
                rx={1}
                className="fill-neutral-400 dark:fill-neutral-500"
              />
            </g>
          );
        })}
        <line
          x1={0}
          x2={days.length * SLOT}
          y1={HEIGHT}
          y2={HEIGHT}
          className="stroke-neutral-300 dark:stroke-neutral-700"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="mt-2 flex justify-between text-xs text-neutral-600 dark:text-neutral-400" aria-hidden>
        <span>{first && formatUtcDay(first.day, 'dayMonth')}</span>
        <span className="hidden sm:inline">{middle && formatUtcDay(middle.day, 'dayMonth')}</span>
        <span>{last && formatUtcDay(last.day, 'dayMonth')}</span>
      </div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer rounded font-medium text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-accent">
          {t('admin.dashboard.chart_numbers')}
        </summary>
        <div className="mt-3 max-h-72 overflow-auto rounded-xl ring-1 ring-neutral-200 dark:ring-neutral-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.dashboard.traffic_description')}</caption>
            <thead className="sticky top-0 bg-neutral-50 text-xs text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('admin.dashboard.day')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('admin.dashboard.upload')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('admin.dashboard.download')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
              {[...days].reverse().map((d) => (
                <tr key={d.day} className="text-neutral-800 dark:text-neutral-200">
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {formatUtcDay(d.day)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatBytes(d.upload)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatBytes(d.download)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
