import { CircleUser, HardDrive, LogOut, Settings, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useSection, type Section } from '../routing';
import { useUser } from '../../features/user/user.api';
import { ThemeToggle } from '../../features/user/ThemeToggle';
import { Avatar } from '../../ui/Avatar';
import { IconButton } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { NotificationBell } from './NotificationBell';
import { useSignOut } from './useSignOut';

function RailLink({
  to,
  label,
  section,
  current,
  children,
}: {
  to: string;
  label: string;
  section: Section;
  current?: Section;
  children: ReactNode;
}) {
  const active = section === current;
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex size-12 items-center justify-center rounded-xl transition focus-visible:outline-2 focus-visible:outline-offset-2',
        active
          ? 'bg-accent/12 text-accent-strong dark:bg-accent/15 dark:text-accent'
          : 'text-neutral-600 hover:bg-neutral-200/70 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white',
      )}
    >
      {children}
    </Link>
  );
}

/** The icon rail of the reference: avatar, bell, sections, theme toggle and sign-out. */
export function IconRail() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const section = useSection();
  const signOut = useSignOut();
  const isAdmin = user?.attributes.role === 'admin';
  return (
    <nav
      aria-label={t('nav.main')}
      className="hidden w-20 shrink-0 flex-col items-center gap-2 border-r border-neutral-200 bg-neutral-100 py-5 md:flex dark:border-neutral-800/80 dark:bg-neutral-900"
    >
      <Link
        to="/user/profile"
        aria-label={t('nav.account', { name: user?.attributes.name ?? '' })}
        className="mb-2 rounded-xl"
      >
        {user ? (
          <Avatar
            name={user.attributes.name}
            email={user.attributes.email}
            color={user.attributes.color}
            avatar={user.attributes.avatar}
            size={44}
          />
        ) : (
          <span className="block size-11 animate-pulse rounded-xl bg-neutral-200 dark:bg-neutral-800" />
        )}
      </Link>
      <NotificationBell />
      <div className="my-3 flex flex-col gap-2">
        <RailLink to="/platform/files" label={t('nav.files')} section="Platform" current={section}>
          <HardDrive className="size-5.5" aria-hidden />
        </RailLink>
        <RailLink to="/user/profile" label={t('nav.profile')} section="User" current={section}>
          {isAdmin ? <CircleUser className="size-5.5" aria-hidden /> : <User className="size-5.5" aria-hidden />}
        </RailLink>
        {isAdmin && (
          <RailLink to="/admin/dashboard" label={t('nav.dashboard')} section="Admin" current={section}>
            <Settings className="size-5.5" aria-hidden />
          </RailLink>
        )}
      </div>
      <ThemeToggle saveToServer />
      <div className="flex-1" />
      <IconButton label={t('nav.sign_out')} onClick={() => void signOut()}>
        <LogOut className="size-5" aria-hidden />
      </IconButton>
    </nav>
  );
}
