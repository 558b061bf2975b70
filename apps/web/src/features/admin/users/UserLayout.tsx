import type { AdminUserDetail } from '@filestore/contract';
import { Ban, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Outlet, useParams } from '../../../app/routing';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { Card } from '../../../ui/Card';
import { DeletionProgress } from './UserTabs';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { ConfirmDialog } from '../../files/dialogs/ConfirmDialog';
import { formatDate } from '../../../lib/dates';
import { useUser } from '../../user/user.api';
import { AdminPage } from '../AdminPage';
import { TabStrip } from '../TabStrip';
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
  const back = { to: '/admin/users', label: t('admin.user.back') };
  if (query.isPending)
    return (
      <AdminPage back={back} title={t('admin.titles.user_details')}>
        <PageSpinner label={t('common.loading')} />
      </AdminPage>
    );
  if (query.isError) {
    // An account the job finished deleting: its deletion still says so.
    const gone = isApiError(query.error, 'not_found');
    return (
      <AdminPage back={back} title={t('admin.titles.user_details')}>
        {gone ? (
          <Card title={t('admin.user.deleted_title')}>
            <DeletionProgress id={id} />
          </Card>
        ) : (
          <Notice tone="error">{errorMessage(t, query.error)}</Notice>
        )}
      </AdminPage>
    );
  }
  const user = query.data;
  return (
    <AdminPage
      back={back}
      media={<UserAvatar user={user} size={56} />}
      title={user.name}
      description={
        <>
          <p className="truncate">{user.email}</p>
          <p className="mt-1.5 flex gap-1.5">
            <RoleBadge role={user.role} />
            <StatusBadge status={user.status} />
          </p>
        </>
      }
      actions={user.status !== 'deleting' && user.id !== me ? <SuspendButton user={user} /> : undefined}
      tabs={
        <TabStrip
          label={t('admin.user.tabs')}
          tabs={TABS.map((tab) => [`/admin/user/${user.id}/${tab}`, `admin.user.tab_${tab}`] as const)}
        />
      }
    >
      {user.status === 'suspended' && user.suspended_at && (
        <Notice tone="info">{t('admin.user.suspended_notice', { date: formatDate(user.suspended_at, 'long') })}</Notice>
      )}
      <Outlet />
    </AdminPage>
  );
}
