import { formatMoney, type PlanResource } from '@filestore/contract';
import { ChevronLeft, ChevronRight, HardDrive, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';

export const selectClass =
  'min-h-11 rounded-xl border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs focus:border-accent focus:ring-4 focus:ring-accent/20 focus:outline-none dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

export const primaryLink =
  'inline-flex min-h-11 items-center gap-2 rounded-xl bg-accent-strong px-4 text-sm font-semibold text-white shadow-sm hover:brightness-110 dark:bg-accent dark:text-neutral-950';

const tones = {
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  red: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  grey: 'bg-neutral-100 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', tones[tone])}>
      {children}
    </span>
  );
}

const statusTone: Record<string, keyof typeof tones> = {
  active: 'green',
  completed: 'green',
  cancelled: 'amber',
  inactive: 'grey',
  archived: 'grey',
  error: 'red',
};

/** A subscription's, transaction's or plan's status as a coloured word. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={statusTone[status] ?? 'grey'}>{t(`billing.status.${status}`)}</Badge>;
}

/** "$9.99 / month", or the meters of a metered plan. */
export function planPrice(t: TFunction, plan: PlanResource, locale?: string) {
  if (plan.type === 'fixed' && plan.amount !== null) {
    return t(plan.interval === 'year' ? 'billing.price_per_year' : 'billing.price_per_month', {
      price: formatMoney(plan.amount, plan.currency, locale),
    });
  }
  return (plan.meters ?? []).map((m) => t(`billing.meter.${m.key}`)).join(', ');
}

/** A fixed plan's team members as a sentence: none, a count, or unlimited (-1). */
export function planMembers(t: TFunction, members: number) {
  return members === -1 ? t('billing.plan.members_unlimited') : t('billing.plan.members', { count: members });
}

/**
 * What a fixed plan gives, one line each: storage and team members (the pricing table, the plan
 * picker). A list, or lines of text inside a control (`inControl`: a radio card holds no list).
 */
export function PlanFeatures({
  plan,
  inControl,
  className,
}: {
  plan: PlanResource;
  inControl?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!plan.features) return null;
  const Group = inControl ? 'span' : 'ul';
  const Line = inControl ? 'span' : 'li';
  const line = 'flex items-center gap-2';
  const icon = 'size-4 shrink-0 text-accent-strong dark:text-accent';
  return (
    <Group className={cn('block space-y-1.5 text-sm text-neutral-700 dark:text-neutral-300', className)}>
      <Line className={line}>
        <HardDrive className={icon} aria-hidden />
        {t('billing.plan.storage', { storage: plan.features.max_storage_amount })}
      </Line>
      <Line className={line}>
        <Users className={icon} aria-hidden />
        {planMembers(t, plan.features.max_team_members)}
      </Line>
    </Group>
  );
}

export function Pager({
  page,
  lastPage,
  total,
  onPage,
}: {
  page: number;
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <nav
      aria-label={t('billing.page_of', { page, pages: lastPage })}
      className="flex items-center justify-between gap-3 text-sm text-neutral-600 dark:text-neutral-400"
    >
      <span>{t('billing.page_of', { page, pages: lastPage })}</span>
      <span className="flex gap-2">
        <Button
          variant="secondary"
          aria-label={t('billing.previous')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          icon={<ChevronLeft className="size-4" aria-hidden />}
        />
        <Button
          variant="secondary"
          aria-label={t('billing.next')}
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
          icon={<ChevronRight className="size-4" aria-hidden />}
        />
      </span>
    </nav>
  );
}

export { EmptyPanel, TablePanel, tdClass, thClass } from '../admin/AdminPage';
