import {
  formatMoney,
  type TransactionResource,
  type TransactionsSort,
  type SubscriptionsSort,
} from '@filestore/contract';
import { ArrowDown, ArrowUp, FileText } from 'lucide-react';
import { Link, useSearchParams } from '../../../app/routing';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { useAdminSubscriptions, useAdminTransactions } from '../billing.api';
import { AdminPage } from '../../admin/AdminPage';
import { EmptyPanel, Pager, StatusBadge, TablePanel, tdClass, thClass } from '../parts';

/** Sort, direction and page kept in the address. */
function useListParams<S extends string>(fallback: S) {
  const [params, setParams] = useSearchParams();
  const sort = (params.get('sort') as S | null) ?? fallback;
  const direction = params.get('direction') === 'asc' ? ('asc' as const) : ('desc' as const);
  const page = Number(params.get('page') ?? 1) || 1;
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  return { sort, direction, page, set };
}

function SortHeader<S extends string>({
  column,
  label,
  state,
  className,
}: {
  column: S;
  label: string;
  state: ReturnType<typeof useListParams<S>>;
  className?: string;
}) {
  const { t } = useTranslation();
  const active = state.sort === column;
  const nextDirection = active && state.direction === 'desc' ? 'asc' : 'desc';
  return (
    <th
      scope="col"
      className={`${thClass} ${className ?? ''}`}
      aria-sort={active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex min-h-8 items-center gap-1 hover:text-neutral-900 dark:hover:text-white"
        onClick={() => state.set({ sort: column, direction: nextDirection, page: null })}
        aria-label={t('billing.sort_by', { column: label })}
      >
        {label}
        {active &&
          (state.direction === 'asc' ? (
            <ArrowUp className="size-3.5" aria-hidden />
          ) : (
            <ArrowDown className="size-3.5" aria-hidden />
          ))}
      </button>
    </th>
  );
}

/** A table of transactions (spec §3): note, user, status, type, amount, date, provider, invoice. */
export function TransactionsTable({
  rows,
  withUser,
  sortState,
}: {
  rows: TransactionResource[];
  withUser: boolean;
  sortState?: ReturnType<typeof useListParams<TransactionsSort>>;
}) {
  const { t, i18n } = useTranslation();
  const header = (column: TransactionsSort, key: string, className?: string) =>
    sortState ? (
      <SortHeader column={column} label={t(key)} state={sortState} className={className} />
    ) : (
      <th scope="col" className={`${thClass} ${className ?? ''}`}>
        {t(key)}
      </th>
    );
  return (
    <TablePanel>
      <thead className="border-b border-neutral-200 dark:border-neutral-800">
        <tr>
          {header('note', 'billing.col.note')}
          {withUser && header('user', 'billing.col.user')}
          {header('status', 'billing.col.status')}
          {header('type', 'billing.col.type')}
          {header('amount', 'billing.col.amount', 'text-right')}
          {header('created_at', 'billing.col.date')}
          {header('driver', 'billing.col.driver')}
          <th scope="col" className={thClass}>
            <span className="sr-only">{t('billing.col.invoice')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={tdClass}>{row.note ?? '—'}</td>
            {withUser && (
              <td className={tdClass}>
                {row.user ? (
                  <Link to={`/admin/user/${row.user.id}/subscription`} className="hover:underline">
                    {row.user.email}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
            )}
            <td className={tdClass}>
              <StatusBadge status={row.status} />
            </td>
            <td className={tdClass}>{t(`billing.transaction_type.${row.type}`)}</td>
            <td className={`${tdClass} text-right tabular-nums`}>
              {row.type === 'credit' ? '+' : row.type === 'withdrawal' ? '−' : ''}
              {formatMoney(row.amount, row.currency, i18n.language)}
            </td>
            <td className={`${tdClass} whitespace-nowrap`}>{formatDate(row.created_at)}</td>
            <td className={tdClass}>{t(`billing.driver.${row.driver}`)}</td>
            <td className={tdClass}>
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
            </td>
          </tr>
        ))}
      </tbody>
    </TablePanel>
  );
}

/** /admin/invoices (titled Transactions): every transaction, sortable, each with its invoice. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const state = useListParams<TransactionsSort>('created_at');
  const list = useAdminTransactions({ sort: state.sort, direction: state.direction, page: state.page });
  return (
    <AdminPage title={t('admin.titles.transactions')} description={t('billing.transactions.description')}>
      {list.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : list.isError ? (
        <Notice tone="error">{errorMessage(t, list.error)}</Notice>
      ) : list.data.data.length === 0 ? (
        <EmptyPanel>{t('billing.transactions.empty')}</EmptyPanel>
      ) : (
        <>
          <TransactionsTable rows={list.data.data} withUser sortState={state} />
          <Pager
            page={list.data.meta.paginate.currentPage}
            lastPage={list.data.meta.paginate.lastPage}
            total={list.data.meta.paginate.total}
            onPage={(p) => state.set({ page: String(p) })}
          />
        </>
      )}
    </AdminPage>
  );
}

/** /admin/subscriptions: every subscription with its user and plan. */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const state = useListParams<SubscriptionsSort>('created_at');
  const list = useAdminSubscriptions({ sort: state.sort, direction: state.direction, page: state.page });
  return (
    <AdminPage title={t('admin.nav.subscriptions')} description={t('billing.subscriptions.description')}>
      {list.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : list.isError ? (
        <Notice tone="error">{errorMessage(t, list.error)}</Notice>
      ) : list.data.data.length === 0 ? (
        <EmptyPanel>{t('billing.subscriptions.empty')}</EmptyPanel>
      ) : (
        <>
          <TablePanel>
            <thead className="border-b border-neutral-200 dark:border-neutral-800">
              <tr>
                <SortHeader column="user" label={t('billing.col.user')} state={state} />
                <SortHeader column="name" label={t('billing.col.plan')} state={state} />
                <SortHeader column="status" label={t('billing.col.status')} state={state} />
                <SortHeader column="driver" label={t('billing.col.driver')} state={state} />
                <SortHeader column="renews_at" label={t('billing.col.renews')} state={state} />
                <SortHeader column="created_at" label={t('billing.col.since')} state={state} />
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
              {list.data.data.map((s) => (
                <tr key={s.id}>
                  <td className={tdClass}>
                    <Link to={`/admin/user/${s.user_id}/subscription`} className="hover:underline">
                      {s.user?.email ?? s.user_id}
                    </Link>
                  </td>
                  <td className={tdClass}>
                    {s.plan ? (
                      <Link to={`/admin/plan/${s.plan.id}/${s.plan.type}/subscribers`} className="hover:underline">
                        {s.name}
                      </Link>
                    ) : (
                      s.name
                    )}
                  </td>
                  <td className={tdClass}>
                    <StatusBadge status={s.status} />
                  </td>
                  <td className={tdClass}>{t(`billing.driver.${s.driver}`)}</td>
                  <td className={tdClass}>{s.renews_at ? formatDate(s.renews_at) : '—'}</td>
                  <td className={tdClass}>{formatDate(s.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </TablePanel>
          <Pager
            page={list.data.meta.paginate.currentPage}
            lastPage={list.data.meta.paginate.lastPage}
            total={list.data.meta.paginate.total}
            onPage={(p) => state.set({ page: String(p) })}
          />
        </>
      )}
    </AdminPage>
  );
}
