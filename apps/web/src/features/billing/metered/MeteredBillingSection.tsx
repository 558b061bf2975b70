import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api, isApiError, request } from '../../../lib/api';
import { useConfig } from '../../../lib/config';
import { formatDate } from '../../../lib/dates';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { useUser } from '../../user/user.api';
import { usableProviders } from '../offers';

type Meter = 'storage' | 'bandwidth' | 'member' | 'flatFee';

interface FailedPayment {
  id: string;
  amount: number;
  currency: string;
  note: string | null;
}

interface BillingAlert {
  amount: number;
  triggered?: boolean;
}

function money(amount: number, currency: string, locale = 'en'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

function usageText(key: Meter, usage: number): string {
  if (key === 'storage' || key === 'bandwidth') return `${Math.round(usage * 1000) / 1000} GB`;
  return String(usage);
}

/** Whole units typed by the user ("12.50") → minor units, or null when not a positive amount. */
function toMinor(value: string): number | null {
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : null;
}

/** An amount in the currency's main unit ("12.50" or "12,50"), sent in minor units. */
const amountSchema = z.object({
  amount: z
    .string()
    .transform(toMinor)
    .refine((amount) => amount !== null, { message: 'validation.required' }),
});

/** The user's billing alert, or null when none is set. */
function useBillingAlert() {
  return useQuery({
    queryKey: ['billing', 'alert'],
    queryFn: async (): Promise<BillingAlert | null> =>
      (await api.get<{ data: BillingAlert | null }>('/api/subscriptions/billing-alert')).data,
  });
}

function AlertCard({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const alert = useBillingAlert();
  const current = alert.data ?? null;
  const saved = () => void queryClient.invalidateQueries({ queryKey: ['billing', 'alert'] });
  const { form, onSubmit, error, setError, pending } = useApiForm({
    schema: amountSchema,
    defaultValues: { amount: '' },
    mutationFn: ({ amount }) =>
      request(current ? 'PUT' : 'POST', '/api/subscriptions/billing-alert', { body: { amount } }),
    onSuccess: (_result, _values, f) => {
      f.reset();
      saved();
    },
  });
  const remove = useMutation({
    mutationFn: () => request('DELETE', '/api/subscriptions/billing-alert'),
    onMutate: () => setError(null),
    onSuccess: saved,
    onError: (e) => setError(errorMessage(t, e)),
  });
  const value = form.watch('amount');
  return (
    <Card title={t('billing.metered.alert')} description={t('billing.metered.alert_help')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {current && (
          <p className="text-sm font-medium text-neutral-900 dark:text-white">
            {t('billing.metered.alert_current', { amount: money(current.amount, currency) })}
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label={t('billing.metered.alert_amount', { currency })}
            inputMode="decimal"
            {...form.register('amount')}
            className="w-40"
          />
          <Button type="submit" loading={pending} disabled={toMinor(value) === null}>
            {current ? t('billing.metered.alert_change') : t('billing.metered.alert_set')}
          </Button>
          {current && (
            <Button type="button" variant="secondary" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('billing.metered.alert_remove')}
            </Button>
          )}
        </div>
        {error && <Notice tone="error">{error}</Notice>}
      </form>
    </Card>
  );
}

function TopUpCard({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const { payments } = useConfig();
  const [value, setValue] = useState('');
  // Only the providers ready to take a top-up now (switched on and every key set).
  const ready = usableProviders(payments);
  const providers = [
    ...(ready.includes('paypal') ? [{ name: 'PayPal', path: '/api/paypal/top-up' }] : []),
    ...(ready.includes('paystack') ? [{ name: 'Paystack', path: '/api/paystack/checkout' }] : []),
  ];
  const pay = useMutation({
    mutationFn: (path: string) => api.post<{ url: string }>(path, { amount: toMinor(value) }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // The failed call's sentence, from the mutation itself (cleared as the next one starts).
  const error = pay.error
    ? isApiError(pay.error) && pay.error.status === 404
      ? t('billing.metered.top_up_failed')
      : errorMessage(t, pay.error)
    : null;
  return (
    <Card title={t('billing.metered.top_up')}>
      {providers.length === 0 ? (
        <Notice tone="info">{t('billing.metered.top_up_none')}</Notice>
      ) : (
        <div className="space-y-4">
          <TextField
            label={t('billing.metered.top_up_amount', { currency })}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className="w-40"
          />
          <div className="flex flex-wrap gap-3">
            {providers.map((p) => (
              <Button
                key={p.name}
                variant="secondary"
                disabled={toMinor(value) === null}
                loading={pay.isPending && pay.variables === p.path}
                onClick={() => pay.mutate(p.path)}
              >
                {t('billing.metered.top_up_with', { provider: p.name })}
              </Button>
            ))}
          </div>
          {error && <Notice tone="error">{error}</Notice>}
        </div>
      )}
    </Card>
  );
}

/** Metered billing: the usage and running estimate, balance and top-ups, the billing alert. */
export function MeteredBillingSection() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const failed = useQuery({
    queryKey: ['billing', 'failed-payments'],
    queryFn: async () => (await api.get<{ data: FailedPayment[] }>('/api/subscriptions/metered/failed-payments')).data,
  });
  const usages = user?.meta.usages ?? null;
  const balance = user?.meta.balance ?? null;
  const currency = usages?.currency ?? balance?.currency ?? 'USD';
  const reasonCode = user?.meta.restrictions.reasonCode ?? null;

  return (
    <div className="space-y-6">
      {reasonCode && <Notice tone="warning">{t(`billing.metered.restriction.${reasonCode}`)}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800">
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('billing.metered.estimate')}</p>
          <p className="mt-1 text-2xl font-semibold text-neutral-900 dark:text-white" data-testid="metered-estimate">
            {usages ? money(usages.amount, usages.currency) : '—'}
          </p>
        </div>
        <div className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800">
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('billing.metered.balance')}</p>
          <p className="mt-1 text-2xl font-semibold text-neutral-900 dark:text-white" data-testid="metered-balance">
            {balance ? money(balance.amount, balance.currency) : '—'}
          </p>
        </div>
      </div>

      <Card
        title={t('billing.metered.title')}
        description={
          usages
            ? t('billing.metered.period', {
                start: formatDate(usages.period.start),
                end: formatDate(usages.period.end),
              })
            : t('billing.metered.no_subscription')
        }
      >
        {usages && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-neutral-600 dark:text-neutral-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('billing.metered.meter')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('billing.metered.usage')}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t('billing.metered.cost')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200 text-neutral-900 dark:divide-neutral-800 dark:text-neutral-100">
                {usages.meters.map((m) => (
                  <tr key={m.key}>
                    <td className="py-2.5 pr-4">{t(`billing.metered.meter.${m.key}`)}</td>
                    <td className="py-2.5 pr-4 tabular-nums">{usageText(m.key, m.usage)}</td>
                    <td className="py-2.5 text-right tabular-nums">{money(m.amount, usages.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {failed.data && failed.data.length > 0 && (
        <Card title={t('billing.metered.debt')}>
          <ul className="space-y-2 text-sm text-neutral-900 dark:text-neutral-100">
            {failed.data.map((p) => (
              <li key={p.id} className="flex justify-between gap-4">
                <span>{p.note ?? '—'}</span>
                <span className="font-medium tabular-nums">{money(p.amount, p.currency)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <TopUpCard currency={currency} />
      <AlertCard currency={currency} />
    </div>
  );
}
