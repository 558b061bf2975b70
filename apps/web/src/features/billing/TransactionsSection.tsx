import { formatMoney } from '@filestore/contract';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { Card } from '../../ui/Card';
import { Notice } from '../../ui/Notice';
import { PageSpinner } from '../../ui/Spinner';
import { useMyTransactions } from './billing.api';
import { Pager, StatusBadge } from './parts';

/** The user's transactions, each linking to its invoice. */
export function TransactionsSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useMyTransactions(page);
  return (
    <Card title={t('billing.my_transactions.title')} description={t('billing.my_transactions.description')}>
      {list.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : list.isError ? (
        <Notice tone="error">{errorMessage(t, list.error)}</Notice>
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('billing.my_transactions.empty')}</p>
      ) : (
        <div className="space-y-4">
          <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
            {list.data.data.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
                <span className="w-24 shrink-0 text-neutral-600 tabular-nums dark:text-neutral-400">
                  {formatDate(row.created_at)}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium text-neutral-900 dark:text-white">
                  {row.note ?? t(`billing.transaction_type.${row.type}`)}
                </span>
                <span className="text-neutral-900 tabular-nums dark:text-white">
                  {row.type === 'credit' ? '+' : row.type === 'withdrawal' ? '−' : ''}
                  {formatMoney(row.amount, row.currency, i18n.language)}
                </span>
                <StatusBadge status={row.status} />
                <a
                  href={`/invoices/${row.id}`}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex min-h-8 items-center gap-1 text-accent-strong hover:underline dark:text-accent"
                  aria-label={t('billing.invoice_of', { date: formatDate(row.created_at) })}
                >
                  <FileText className="size-4" aria-hidden />
                  {t('billing.invoice')}
                </a>
              </li>
            ))}
          </ul>
          <Pager
            page={list.data.meta.paginate.currentPage}
            lastPage={list.data.meta.paginate.lastPage}
            total={list.data.meta.paginate.total}
            onPage={setPage}
          />
        </div>
      )}
    </Card>
  );
}
