import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { IconButton } from '../../ui/Button';
import { DropdownPanel } from '../../ui/Menu';

/** Notification centre: real notifications arrive with the realtime feature; it says so honestly. */
export function NotificationBell({ side = 'right' }: { side?: 'right' | 'bottom' }) {
  const { t } = useTranslation();
  return (
    <DropdownPanel
      side={side}
      label={t('notifications.title')}
      className="w-[min(360px,calc(100vw-2rem))]"
      trigger={
        <IconButton label={t('notifications.open')}>
          <Bell className="size-5" aria-hidden />
        </IconButton>
      }
    >
      <div className="flex flex-col items-center px-6 py-8 text-center">
        <BellOff className="size-6 text-neutral-400" aria-hidden />
        <p className="mt-3 text-sm font-medium text-neutral-900 dark:text-neutral-100">
          {t('notifications.empty_title')}
        </p>
        <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('notifications.empty_description')}</p>
      </div>
    </DropdownPanel>
  );
}
