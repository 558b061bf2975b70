import type { AdminUserDetail } from '@filestore/contract';
import { Ban, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useParams } from '../../../app/routing';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { Card } from '../../../ui/Card';
import { DeletionProgress } from './UserTabs';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { ConfirmDialog } from '../../files/dialogs/ConfirmDialog';
import { formatDate } from '../../../lib/dates';
import { useUser } from '../../user/user.api';
import { RoleBadge, StatusBadge, UserAvatar } from './parts';
import { useAdminUser, useSuspend } from './users.api';

const TABS = ['details', 'storage', 'subscription', 'password', 'delete'] as const;

/** The user whose page this is, for the tabs below the header. */
export function useUserPage(): { id: string; user: AdminUserDetail } {
  const { id = '' } = useParams();
  const query = useAdminUser(id);
  if (!query.data) throw new Error('the user page renders its tabs only once the user is loaded');
  return { id, user: query.data };
}

function SuspendButton({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const suspend = useSuspend(user.id);
  const suspending = user.status === 'active';
  return (
    <>
      <Button
        variant="secondary"
        icon={suspending ? <Ban className="size-4" aria-hidden /> : <CircleCheck className="size-4" aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t(suspending ? 'admin.user.suspend' : 'admin.user.unsuspend')}
      </Button>
      {open && (
        <ConfirmDialog
          title={t(suspending ? 'admin.user.suspend_title' : 'admin.user.unsuspend_title', { name: user.name })}
          description={t(suspending ? 'admin.user.suspend_description' : 'admin.user.unsuspend_description')}
          confirmLabel={t(suspending ? 'admin.user.suspend' : 'admin.user.unsuspend')}
          focusCancel
          onClose={() => setOpen(false)}
          onConfirm={async () => {
            try {
              await suspend.mutateAsync(suspending);
              toast.success(t(suspending ? 'admin.user.suspended' : 'admin.user.unsuspended', { name: user.name }));
              setOpen(false);
            } catch (error) {
              toast.error(errorMessage(t, error));
            }
          }}
        />
      )}
    </>
  );
}

/** /admin/user/{id}/…: who it is, suspend or unsuspend, and the tabs (details, storage, …). */
export function UserLayout() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useAdminUser(id);
  const me = useUser().data?.id;
  if (query.isPending) return <PageSpinner label={t('common.loading')} />;
  if (query.isError) {
    // An account the job finished deleting: its deletion still says so.
    const gone = isApiError(query.error, 'not_found');
    return (
      <div className="space-y-4">
        <Link to="/admin/users" className="text-sm font-medium text-accent-strong hover:underline dark:text-accent">
          ← {t('admin.user.back')}
        </Link>
        {gone ? (
          <Card title={t('admin.user.deleted_title')}>
            <DeletionProgress id={id} />
          </Card>
        ) : (
          <Notice tone="error">{errorMessage(t, query.error)}</Notice>
        )}
      </div>
    );
  }
  const user = query.data;
  return (
    <div className="space-y-5">
      <Link to="/admin/users" className="text-sm font-medium text-accent-strong hover:underline dark:text-accent">
        ← {t('admin.user.back')}
      </Link>
      <header className="flex flex-wrap items-center gap-4">
        <UserAvatar user={user} size={56} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-xl font-semibold text-neutral-900 dark:text-white">{user.name}</h2>
          <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">{user.email}</p>
          <p className="mt-1.5 flex gap-1.5">
            <RoleBadge role={user.role} />
            <StatusBadge status={user.status} />
          </p>
        </div>
        {user.status !== 'deleting' && user.id !== me && <SuspendButton user={user} />}
      </header>
      {user.status === 'suspended' && user.suspended_at && (
        <Notice tone="info">{t('admin.user.suspended_notice', { date: formatDate(user.suspended_at, 'long') })}</Notice>
      )}
      <nav
        aria-label={t('admin.user.tabs')}
        className="-mx-1 overflow-x-auto border-b border-neutral-200 dark:border-neutral-800"
      >
        <ul className="flex gap-1 px-1">
          {TABS.map((tab) => (
            <li key={tab}>
              <NavLink
                to={`/admin/user/${user.id}/${tab}`}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                    isActive
                      ? 'border-accent-strong text-accent-strong dark:border-accent dark:text-accent'
                      : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
                  )
                }
              >
                {t(`admin.user.tab_${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
