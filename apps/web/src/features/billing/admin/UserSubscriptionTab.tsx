import { z } from 'zod';
import { useParams } from '../../../app/routing';
import { formatDate } from '../../../lib/dates';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { useCreditUser, useUserSubscription, useUserTransactions } from '../billing.api';
import { StatusBadge } from '../parts';
import { priceIn } from './plan.schema';
import { TransactionsTable } from './ListPages';

// The credit's currency is the balance's (or the metered plan's): the server knows; two decimals are the usual case.
const creditSchema = z.object({ amount: priceIn('USD') });

/** /admin/user/{id}/subscription: their subscription, their transactions, and a credit to their balance. */
export function UserSubscriptionTab() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const sub = useUserSubscription(id);
  const transactions = useUserTransactions(id);
  const credit = useCreditUser(id);
  const { onSubmit, field, error, pending } = useApiForm({
    schema: creditSchema,
    defaultValues: { amount: '' },
    mutationFn: ({ amount }) => credit.mutateAsync(amount),
    onSuccess: (_result, _values, form) => {
      toast.success(t('billing.credit.done'));
      form.reset();
    },
  });
  return (
    <div className="space-y-5">
      <Card title={t('admin.user.tab_subscription')}>
        {sub.isPending ? (
          <PageSpinner label={t('common.loading')} />
        ) : sub.isError ? (
          <Notice tone="error">{errorMessage(t, sub.error)}</Notice>
        ) : sub.data === null ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('billing.user.no_subscription')}</p>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-neutral-600 dark:text-neutral-400">{t('billing.col.plan')}</dt>
              <dd className="font-medium text-neutral-900 dark:text-white">{sub.data.name}</dd>
            </div>
            <div>
              <dt className="text-neutral-600 dark:text-neutral-400">{t('billing.col.status')}</dt>
              <dd>
                <StatusBadge status={sub.data.status} />
              </dd>
            </div>
            <div>
              <dt className="text-neutral-600 dark:text-neutral-400">{t('billing.col.driver')}</dt>
              <dd className="text-neutral-900 dark:text-white">{t(`billing.driver.${sub.data.driver}`)}</dd>
            </div>
            <div>
              <dt className="text-neutral-600 dark:text-neutral-400">
                {t(sub.data.ends_at ? 'billing.col.ends' : 'billing.col.renews')}
              </dt>
              <dd className="text-neutral-900 dark:text-white">
                {sub.data.ends_at
                  ? formatDate(sub.data.ends_at)
                  : sub.data.renews_at
                    ? formatDate(sub.data.renews_at)
                    : '—'}
              </dd>
            </div>
          </dl>
        )}
      </Card>
      <form onSubmit={onSubmit} noValidate>
        <Card
          title={t('billing.credit.title')}
          description={t('billing.credit.description')}
          footer={
            <Button type="submit" loading={pending}>
              {t('billing.credit.submit')}
            </Button>
          }
        >
          {error && (
            <div className="mb-4">
              <Notice tone="error">{error}</Notice>
            </div>
          )}
          <TextField label={t('billing.credit.amount')} inputMode="decimal" {...field('amount')} />
        </Card>
      </form>
      <section aria-labelledby="user-transactions" className="space-y-3">
        <h3 id="user-transactions" className="font-semibold text-neutral-900 dark:text-white">
          {t('admin.titles.transactions')}
        </h3>
        {transactions.isPending ? (
          <PageSpinner label={t('common.loading')} />
        ) : transactions.isError ? (
          <Notice tone="error">{errorMessage(t, transactions.error)}</Notice>
        ) : transactions.data.data.length === 0 ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('billing.transactions.empty')}</p>
        ) : (
          <TransactionsTable rows={transactions.data.data} withUser={false} />
        )}
      </section>
    </div>
  );
}
