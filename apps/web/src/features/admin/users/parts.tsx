import type { AccountStatusValue, AdminUserSummary } from '@filestore/contract';
import { useTranslation } from '../../../lib/i18n';
import { Avatar } from '../../../ui/Avatar';
import { cn } from '../../../ui/cn';

const STATUS_TONE: Record<AccountStatusValue, string> = {
  active:
    'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/25',
  suspended:
    'bg-amber-50 text-amber-900 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/25',
  deleting: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/25',
};

export function StatusBadge({ status }: { status: AccountStatusValue }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        STATUS_TONE[status],
      )}
    >
      {t(`admin.users.status_${status}`)}
    </span>
  );
}

export function RoleBadge({ role }: { role: 'admin' | 'user' }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        role === 'admin'
          ? 'bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent'
          : 'bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300',
      )}
    >
      {t(`admin.users.role_${role}`)}
    </span>
  );
}

export function UserAvatar({ user, size = 36 }: { user: AdminUserSummary; size?: number }) {
  const avatar = user.avatar ? { xs: user.avatar, sm: user.avatar, md: user.avatar } : null;
  return <Avatar name={user.name} email={user.email} color={user.color} avatar={avatar} size={size} />;
}
