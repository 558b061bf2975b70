import type { AdminUsersQuery, AdminUsersSort } from '@filestore/contract';
import { ChevronLeft, ChevronRight, Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from '../../../app/routing';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/forms';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { formatDate } from '../../../lib/dates';
import { AdminPage, EmptyPanel, TablePanel, tdClass, thClass } from '../AdminPage';
import { RoleBadge, StatusBadge, UserAvatar } from './parts';
import { useAdminUsers } from './users.api';

const SORTS: { value: string; sort: AdminUsersSort; direction: 'asc' | 'desc'; key: string }[] = [
  { value: 'created_at-desc', sort: 'created_at', direction: 'desc', key: 'admin.users.sort_created_at' },
  { value: 'created_at-asc', sort: 'created_at', direction: 'asc', key: 'admin.users.sort_created_at_asc' },
  { value: 'name-asc', sort: 'name', direction: 'asc', key: 'admin.users.sort_name' },
  { value: 'email-asc', sort: 'email', direction: 'asc', key: 'admin.users.sort_email' },
  { value: 'role-asc', sort: 'role', direction: 'asc', key: 'admin.users.sort_role' },
  { value: 'storage-desc', sort: 'storage', direction: 'desc', key: 'admin.users.sort_storage' },
];

const selectClass =
  'min-h-11 rounded-xl border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs focus:border-accent focus:ring-4 focus:ring-accent/20 focus:outline-none dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

/** /admin/users: search, sort, filters and pages in the address, a table on wide screens and cards on phones. */
export function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sortValue = params.get('sort') ?? 'created_at-desc';
  const chosen = SORTS.find((s) => s.value === sortValue) ?? SORTS[0]!;
  const query: AdminUsersQuery = {
    query: params.get('query') ?? undefined,
    sort: chosen.sort,
    direction: chosen.direction,
    page: Number(params.get('page') ?? 1) || 1,
    role: (params.get('role') as 'admin' | 'user' | null) ?? undefined,
    status: (params.get('status') as 'active' | 'suspended' | 'deleting' | null) ?? undefined,
  };
  const [search, setSearch] = useState(query.query ?? '');
  const users = useAdminUsers(query);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  const paginate = users.data?.meta.paginate;
  return (
    <AdminPage
      title={t('admin.users.title')}
      description={t('admin.users.description')}
      actions={
        <Link
          to="/admin/user/create"
          className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-accent-strong px-4 text-sm font-semibold text-white shadow-sm hover:brightness-110 dark:bg-accent dark:text-neutral-950"
        >
          <UserPlus className="size-4" aria-hidden />
          {t('admin.users.create')}
        </Link>
      }
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <form
          role="search"
          className="relative flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            update({ query: search.trim() || null });
          }}
        >
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500"
            aria-hidden
          />
          <input
            type="search"
            value={search}
            aria-label={t('admin.users.search')}
            placeholder={t('admin.users.search')}
            onChange={(e) => {
              setSearch(e.target.value);
              if (e.target.value === '') update({ query: null });
            }}
            onBlur={() => update({ query: search.trim() || null })}
            className={`${selectClass} w-full pl-9`}
          />
        </form>
        <div className="grid grid-cols-2 gap-2 lg:flex">
          <select
            aria-label={t('admin.users.sort')}
            className={`${selectClass} col-span-2`}
            value={chosen.value}
            onChange={(e) => update({ sort: e.target.value === 'created_at-desc' ? null : e.target.value })}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.key)}
              </option>
            ))}
          </select>
          <select
            aria-label={t('admin.users.filter_role')}
            className={selectClass}
            value={query.role ?? ''}
            onChange={(e) => update({ role: e.target.value || null })}
          >
            <option value="">{t('admin.users.any_role')}</option>
            <option value="admin">{t('admin.users.role_admin')}</option>
            <option value="user">{t('admin.users.role_user')}</option>
          </select>
          <select
            aria-label={t('admin.users.filter_status')}
            className={selectClass}
            value={query.status ?? ''}
            onChange={(e) => update({ status: e.target.value || null })}
          >
            <option value="">{t('admin.users.any_status')}</option>
            <option value="active">{t('admin.users.status_active')}</option>
            <option value="suspended">{t('admin.users.status_suspended')}</option>
            <option value="deleting">{t('admin.users.status_deleting')}</option>
          </select>
        </div>
      </div>

      {users.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : users.isError ? (
        <Notice tone="error">{errorMessage(t, users.error)}</Notice>
      ) : users.data.data.length === 0 ? (
        <EmptyPanel>{t('admin.users.empty')}</EmptyPanel>
      ) : (
        <>
          {/* Wide screens: a table. */}
          <TablePanel className="max-md:hidden">
            <thead className="border-b border-neutral-200 dark:border-neutral-800">
              <tr>
                <th scope="col" className={thClass}>
                  {t('admin.users.col_name')}
                </th>
                <th scope="col" className={thClass}>
                  {t('admin.users.col_role')}
                </th>
                <th scope="col" className={thClass}>
                  {t('admin.users.col_status')}
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  {t('admin.users.col_storage')}
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  {t('admin.users.col_created')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
              {users.data.data.map((user) => (
                <tr key={user.id} className="hover:bg-neutral-50 dark:hover:bg-neutral-800/50">
                  <td className={tdClass}>
                    <div className="flex items-center gap-3">
                      <UserAvatar user={user} />
                      <div className="min-w-0">
                        <Link
                          to={`/admin/user/${user.id}/details`}
                          className="block truncate font-medium text-neutral-900 hover:underline dark:text-white"
                        >
                          {user.name}
                        </Link>
                        <span className="block truncate text-neutral-600 dark:text-neutral-400">{user.email}</span>
                      </div>
                    </div>
                  </td>
                  <td className={tdClass}>
                    <RoleBadge role={user.role} />
                  </td>
                  <td className={tdClass}>
                    <StatusBadge status={user.status} />
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{user.storage_used_formatted}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatDate(user.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </TablePanel>
          {/* Phones: one card per person. */}
          <ul className="space-y-2 md:hidden">
            {users.data.data.map((user) => (
              <li key={user.id}>
                <Link
                  to={`/admin/user/${user.id}/details`}
                  className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800"
                >
                  <UserAvatar user={user} size={40} />
                  <div className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-neutral-900 dark:text-white">{user.name}</span>
                    <span className="block truncate text-sm text-neutral-600 dark:text-neutral-400">{user.email}</span>
                    <span className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400">
                      <RoleBadge role={user.role} />
                      {user.status !== 'active' && <StatusBadge status={user.status} />}
                      <span>{user.storage_used_formatted}</span>
                    </span>
                  </div>
                  <ChevronRight className="size-4 shrink-0 text-neutral-400" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}

      {paginate && paginate.total > 0 && (
        <nav
          aria-label={t('admin.users.page_of', { page: paginate.currentPage, pages: paginate.lastPage })}
          className="flex items-center justify-between gap-3 text-sm text-neutral-600 dark:text-neutral-400"
        >
          <span>
            {t('admin.users.count', { count: paginate.total })} ·{' '}
            {t('admin.users.page_of', { page: paginate.currentPage, pages: paginate.lastPage })}
          </span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              aria-label={t('admin.users.previous')}
              disabled={paginate.currentPage <= 1}
              onClick={() => update({ page: String(paginate.currentPage - 1) })}
              icon={<ChevronLeft className="size-4" aria-hidden />}
            />
            <Button
              variant="secondary"
              aria-label={t('admin.users.next')}
              disabled={paginate.currentPage >= paginate.lastPage}
              onClick={() => update({ page: String(paginate.currentPage + 1) })}
              icon={<ChevronRight className="size-4" aria-hidden />}
            />
          </span>
        </nav>
      )}
    </AdminPage>
  );
}
