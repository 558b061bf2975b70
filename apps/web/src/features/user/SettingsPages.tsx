import { CreditCard, HardDrive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config';
import { EmptyState } from '../../ui/EmptyState';
import { useUser } from './user.api';

/** Storage usage straight from the user record: real numbers, no breakdown yet. */
export function StorageSettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  if (!user) return null;
  const storage = user.attributes.storage;
  const percentage = Math.min(100, Math.max(0, storage.percentage ?? 0));
  if (storage.capacity === null) {
    return (
      <EmptyState
        icon={<HardDrive className="size-8" aria-hidden />}
        title={t('user.storage.unlimited_title')}
        description={t('user.storage.unlimited_description', { used: storage.used_formatted })}
      />
    );
  }
  return (
    <section className="rounded-2xl bg-white p-6 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800">
      <h2 className="text-base font-semibold text-neutral-900 dark:text-white">{t('user.storage.title')}</h2>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        {t('user.storage.usage', { used: storage.used_formatted, capacity: storage.capacity_formatted ?? '' })}
      </p>
      <div
        role="progressbar"
        aria-label={t('user.storage.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percentage)}
        className="mt-5 h-2.5 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percentage}%` }} />
      </div>
    </section>
  );
}

export function BillingPage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <EmptyState
      icon={<CreditCard className="size-8" aria-hidden />}
      title={t('user.billing.title')}
      description={config.subscriptionType === 'none' ? t('user.billing.none') : t('user.billing.unavailable')}
    />
  );
}
