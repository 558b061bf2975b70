import { Bell } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { IconButton } from '../../ui/Button';
import { SoonBadge } from '../../ui/ComingSoon';
import { DropdownPanel } from '../../ui/Menu';

/** Notification centre: notifications arrive with the realtime feature; until then it says so. */
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
      <div className="flex flex-col items-center px-6 py-7 text-center">
        <span className="flex size-11 items-center justify-center rounded-xl bg-neutral-100 text-neutral-500 ring-1 ring-neutral-200 dark:bg-neutral-800/70 dark:text-neutral-400 dark:ring-neutral-700/70">
          <Bell className="size-5" aria-hidden />
        </span>
        <SoonBadge className="mt-3">{t('soon.badge')}</SoonBadge>
        <p className="mt-2 text-sm font-semibold text-neutral-900 dark:text-neutral-100">
          {t('notifications.soon_title')}
        </p>
        <p className="mt-1 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
          {t('notifications.soon_description')}
        </p>
        <p className="mt-2 text-xs leading-5 text-neutral-500 dark:text-neutral-400">{t('notifications.soon_hint')}</p>
      </div>
    </DropdownPanel>
  );
}
