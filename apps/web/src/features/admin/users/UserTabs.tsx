import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useMemo } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { formatDate } from '../../../lib/dates';
import { useUser } from '../../user/user.api';
import { AuditList } from './AuditList';
import { useUserPage } from './UserLayout';
import {
  capacityField,
  useAdminUserStorage,
  useChangeCapacity,
  useChangeRole,
  useDeleteUser,
  useSendResetLink,
  useUserDeletion,
} from './users.api';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2.5 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-neutral-900 sm:col-span-2 sm:mt-0 dark:text-neutral-100">
        {children}
      </dd>
    </div>
  );
}

const DEVICE_ICON = { mobile: Smartphone, tablet: Tablet, desktop: Monitor, unknown: Monitor } as const;

const roleSchema = z.object({ role: z.enum(['user', 'admin']) });

/** Details: profile facts, the role, the signed-in sessions and what administrators did to this account. */
export function UserDetailsTab() {
  const { t } = useTranslation();
  const { id, user } = useUserPage();
  const me = useUser().data?.id;
  const changeRole = useChangeRole(id);
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema: roleSchema,
    defaultValues: { role: user.role },
    mutationFn: ({ role }) => changeRole.mutateAsync(role),
    onSuccess: () => toast.success(t('admin.user.role_saved')),
  });
  const role = form.watch('role');
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div className="space-y-5">
        <Card title={t('admin.user.profile')}>
          <dl className="divide-y divide-neutral-100 dark:divide-neutral-800">
            <Fact label={t('admin.user.name')}>{user.name}</Fact>
            <Fact label={t('admin.user.email')}>{user.email}</Fact>
            <Fact label={t('admin.user.verification')}>
              {user.email_verified_at
                ? t('admin.user.verified_on', { date: formatDate(user.email_verified_at, 'long') })
                : t('admin.user.not_verified')}
            </Fact>
            <Fact label={t('admin.user.two_factor')}>
              {t(user.two_factor_enabled ? 'admin.user.two_factor_on' : 'admin.user.two_factor_off')}
            </Fact>
            <Fact label={t('admin.user.created')}>{formatDate(user.created_at, 'long')}</Fact>
          </dl>
        </Card>
        <Card title={t('admin.user.role')} description={t('admin.user.role_description')}>
          <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <SelectField
                label={t('admin.user.role')}
                disabled={user.id === me || user.status === 'deleting'}
                {...field('role')}
                options={[
                  { value: 'user', label: t('admin.users.role_user') },
                  { value: 'admin', label: t('admin.users.role_admin') },
                ]}
              />
            </div>
            <Button type="submit" loading={pending} disabled={role === user.role}>
              {t('admin.user.save_role')}
            </Button>
          </form>
          {error && (
            <div className="mt-3">
              <Notice tone="error">{error}</Notice>
            </div>
          )}
        </Card>
      </div>
      <div className="space-y-5">
        <Card title={t('admin.user.sessions')}>
          {user.sessions.length === 0 ? (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.user.sessions_none')}</p>
          ) : (
            <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
              {user.sessions.map((s) => {
                const Icon = DEVICE_ICON[s.device];
                return (
                  <li key={s.id} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
                    <Icon className="mt-0.5 size-4 shrink-0 text-neutral-500" aria-hidden />
                    <div className="min-w-0 text-sm">
                      <p className="text-neutral-900 dark:text-neutral-100">
                        {s.browser && s.os
                          ? t('admin.user.session_line', { browser: s.browser, os: s.os })
                          : (s.browser ?? s.os ?? t('admin.user.session_unknown'))}
                      </p>
                      <p className="text-neutral-600 dark:text-neutral-400">
                        {t('admin.user.session_seen', { date: formatDate(s.last_seen_at, 'long'), ip: s.ip ?? '—' })}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
        <AuditList user={id} />
      </div>
    </div>
  );
}

const capacitySchema = z.object({ max_storage_amount: capacityField });

const BREAKDOWN = [
  ['images', 'bg-emerald-500 dark:bg-emerald-400'],
  ['videos', 'bg-red-500 dark:bg-red-400'],
  ['audios', 'bg-amber-400 dark:bg-amber-300'],
  ['documents', 'bg-sky-500 dark:bg-sky-400'],
  ['others', 'bg-purple-500 dark:bg-purple-400'],
  ['trash', 'bg-neutral-400 dark:bg-neutral-500'],
] as const;

/** Storage: used space by kind of file, and the capacity in gigabytes (empty: the server's default). */
export function UserStorageTab() {
  const { t } = useTranslation();
  const { id, user } = useUserPage();
  const storage = useAdminUserStorage(id);
  const change = useChangeCapacity(id);
  const { onSubmit, field, error, pending } = useApiForm({
    schema: capacitySchema,
    defaultValues: { max_storage_amount: user.max_storage_amount === null ? '' : String(user.max_storage_amount) },
    mutationFn: ({ max_storage_amount }) => change.mutateAsync(max_storage_amount),
    onSuccess: () => {
      toast.success(t('admin.user.capacity_saved'));
      void storage.refetch();
    },
  });
  const data = storage.data;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Card title={t('admin.user.storage_title')}>
        {storage.isError ? (
          <Notice tone="error">{errorMessage(t, storage.error)}</Notice>
        ) : !data ? (
          <div
            className="h-24 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800"
            aria-label={t('common.loading')}
          />
        ) : (
          <>
            <p className="text-2xl font-semibold text-neutral-900 tabular-nums dark:text-white">
              {data.capacity_formatted
                ? t('admin.user.storage_of', { used: data.used_formatted, capacity: data.capacity_formatted })
                : t('admin.user.storage_used', { used: data.used_formatted })}
            </p>
            <div
              role="progressbar"
              aria-label={t('admin.user.storage_title')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(Math.min(100, data.percentage ?? 0))}
              className="mt-4 h-3 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
            >
              <div
                className="h-full bg-accent-strong dark:bg-accent"
                style={{ width: `${Math.min(100, data.percentage ?? 0)}%` }}
              />
            </div>
            <ul className="mt-5 grid gap-2 sm:grid-cols-2">
              {BREAKDOWN.map(([key, colour]) => (
                <li key={key} className="flex items-center gap-2 text-sm">
                  <span className={`size-2.5 rounded-full ${colour}`} aria-hidden />
                  <span className="text-neutral-700 dark:text-neutral-300">{t(`storage.${key}`)}</span>
                  <span className="ml-auto text-neutral-900 tabular-nums dark:text-neutral-100">
                    {data.breakdown[key].used_formatted}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
      <Card title={t('admin.user.capacity')}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error && <Notice tone="error">{error}</Notice>}
          <TextField
            label={t('admin.user.capacity')}
            type="number"
            min="0.001"
            step="any"
            inputMode="decimal"
            hint={t('admin.user.capacity_hint')}
            disabled={user.status === 'deleting'}
            {...field('max_storage_amount')}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={pending} disabled={user.status === 'deleting'}>
              {t('admin.user.save_capacity')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** Password: the administrator never sees or sets it; they send the person a reset link. */
export function UserPasswordTab() {
  const { t } = useTranslation();
  const { id, user } = useUserPage();
  const send = useSendResetLink(id);
  return (
    <Card
      title={t('admin.user.password_title')}
      description={t('admin.user.password_description', { email: user.email })}
    >
      <Button
        loading={send.isPending}
        disabled={user.status === 'deleting'}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: () => toast.success(t('admin.user.reset_sent', { email: user.email })),
            onError: (e) => toast.error(errorMessage(t, e)),
          })
        }
      >
        {t('admin.user.send_reset')}
      </Button>
    </Card>
  );
}

export function DeletionProgress({ id }: { id: string }) {
  const { t } = useTranslation();
  const deletion = useUserDeletion(id, true);
  const data = deletion.data;
  if (!data) return null;
  const percent =
    data.total_items > 0 ? Math.round((data.deleted_items / data.total_items) * 100) : data.status === 'done' ? 100 : 0;
  return (
    <div className="space-y-3" aria-live="polite">
      {data.status === 'done' ? (
        <Notice tone="success">{t('admin.user.deletion_done')}</Notice>
      ) : (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {t('admin.user.deletion_running', { done: data.deleted_items, total: data.total_items })}
        </p>
      )}
      {data.status !== 'done' && (
        <div
          role="progressbar"
          aria-label={t('admin.user.deletion_progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
        >
          <div className="h-full bg-red-600 transition-[width] dark:bg-red-500" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}

/** Delete: type the account's email, then watch the background job's progress. */
export function UserDeleteTab() {
  const { t } = useTranslation();
  const { id, user } = useUserPage();
  const me = useUser().data?.id;
  const remove = useDeleteUser(id);
  const schema = useMemo(
    () =>
      z.object({
        email: z.string().refine((typed) => typed.trim().toLowerCase() === user.email.toLowerCase(), {
          message: 'admin.user.delete_mismatch',
        }),
      }),
    [user.email],
  );
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { email: '' },
    mutationFn: ({ email }) => remove.mutateAsync(email),
  });
  const started = user.status === 'deleting' || remove.isSuccess;
  const matches = form.watch('email').trim().toLowerCase() === user.email.toLowerCase();
  return (
    <Card title={t('admin.user.delete_title')} description={t('admin.user.delete_description', { name: user.name })}>
      {started ? (
        <DeletionProgress id={id} />
      ) : (
        <form noValidate className="space-y-4" onSubmit={onSubmit}>
          {error && <Notice tone="error">{error}</Notice>}
          <TextField
            label={t('admin.user.delete_confirm', { email: user.email })}
            autoComplete="off"
            spellCheck={false}
            disabled={user.id === me}
            {...field('email')}
          />
          {user.id === me && <Notice tone="info">{t('errors.admin.self')}</Notice>}
          <div className="flex justify-end">
            <Button type="submit" variant="danger" loading={pending} disabled={!matches || user.id === me}>
              {t('admin.user.delete_submit')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
