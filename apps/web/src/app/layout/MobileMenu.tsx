import { CircleUser, LayoutDashboard, LogOut } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { useUser } from '../../features/user/user.api';
import { ThemeToggle } from '../../features/user/ThemeToggle';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { NavHeading, NavigatorSections, NavList } from './Navigator';
import { baseItems, useShell } from './navigation';
import { useSignOut } from './useSignOut';

/** On phones the rail and navigator fold into this drawer. */
export function MobileMenu() {
  const { t } = useTranslation();
  const open = useShell((s) => s.mobileMenuOpen);
  const setOpen = useShell((s) => s.setMobileMenuOpen);
  const { data: user } = useUser();
  const signOut = useSignOut();
  const close = () => setOpen(false);
  const account = [
    { to: '/user/profile', key: 'nav.profile', icon: CircleUser },
    ...(user?.attributes.role === 'admin'
      ? [{ to: '/admin/dashboard', key: 'nav.dashboard', icon: LayoutDashboard }]
      : []),
  ];
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('nav.menu')}
      hideTitle
      closeLabel={t('common.close')}
      position="left"
      className="flex flex-col overflow-y-auto p-4"
    >
      {user && (
        <div className="mb-6 flex items-center gap-3 pr-10">
          <Avatar
            name={user.attributes.name}
            email={user.attributes.email}
            color={user.attributes.color}
            avatar={user.attributes.avatar}
            size={44}
          />
          <div className="min-w-0">
            <p className="truncate font-semibold text-neutral-900 dark:text-white">{user.attributes.name}</p>
            <p className="truncate text-sm text-neutral-500 dark:text-neutral-400">{user.attributes.email}</p>
          </div>
        </div>
      )}
      <nav aria-label={t('nav.main')} className="space-y-6">
        <div>
          <NavHeading>{t('nav.base')}</NavHeading>
          <NavList items={baseItems} onNavigate={close} />
        </div>
        <NavigatorSections onNavigate={close} />
        <div>
          <NavHeading>{t('nav.account_section')}</NavHeading>
          <NavList items={account} onNavigate={close} />
        </div>
      </nav>
      <div className="mt-auto flex items-center gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <ThemeToggle saveToServer />
        <Button
          variant="ghost"
          className="flex-1 justify-start"
          icon={<LogOut className="size-4.5" aria-hidden />}
          onClick={() => void signOut()}
        >
          {t('nav.sign_out')}
        </Button>
      </div>
    </Dialog>
  );
}
