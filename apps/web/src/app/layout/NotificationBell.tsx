import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button';

/** Notification centre: real notifications arrive with the realtime feature; it says so honestly. */
export function NotificationBell({ side = 'right' }: { side?: 'right' | 'bottom' }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconButton label={t('notifications.open')}>
          <Bell className="size-5" aria-hidden />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={side}
          align="start"
          sideOffset={8}
          className="z-50 w-[min(360px,calc(100vw-2rem))] rounded-2xl bg-white p-2 shadow-xl ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800"
        >
          <div className="flex items-center justify-between px-3 py-2">
            <DropdownMenu.Label className="text-sm font-semibold text-neutral-900 dark:text-white">
              {t('notifications.title')}
            </DropdownMenu.Label>
          </div>
          <div className="flex flex-col items-center px-6 py-8 text-center">
            <BellOff className="size-6 text-neutral-400" aria-hidden />
            <p className="mt-3 text-sm font-medium text-neutral-900 dark:text-neutral-100">
              {t('notifications.empty_title')}
            </p>
            <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
              {t('notifications.empty_description')}
            </p>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
