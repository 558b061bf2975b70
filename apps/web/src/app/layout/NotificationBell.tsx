import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { unreadBadge } from '../../features/notifications/notifications.api';
import { useUser } from '../../features/user/user.api';
import { useTranslation } from '../../lib/i18n';
import { afterFirstScreen } from '../../lib/idle';
import { signal } from '../../lib/signal';
import { IconButton } from '../../ui/Button';
import { cn } from '../../ui/cn';

/*
 * The panel (Radix Popover, the list, its icons) loads once the first screen has settled, or at
 * once when the bell is pressed before that: the Files screen's weight stays as it was. Until it
 * arrives the bell is a bare button whose press opens the panel as soon as it is there.
 */
type Center = typeof import('../../features/notifications/NotificationCenter');
const center = signal<Center | null>(null);
let loading: Promise<void> | null = null;
const loadCenter = () =>
  (loading ??= import('../../features/notifications/NotificationCenter').then((m) => center.set(m)));

/** The bell (spec §2): the unread count on a badge that pings while above zero; it toggles the notification center. */
export function NotificationBell({ side = 'right', className }: { side?: 'right' | 'bottom'; className?: string }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { count, label } = unreadBadge(user);
  const [open, setOpen] = useState(false);
  const loaded = center.useValue();
  useEffect(() => {
    if (!center.get()) afterFirstScreen(() => void loadCenter());
  }, []);

  const bell = (
    <IconButton
      label={count > 0 ? t('notifications.open_unread', { unread: label }) : t('notifications.open')}
      aria-haspopup="dialog"
      aria-expanded={open}
      className={cn('relative', className)}
      onClick={
        loaded
          ? undefined
          : () => {
              setOpen(true);
              void loadCenter();
            }
      }
    >
      <Bell className="size-5" aria-hidden />
      {count > 0 && (
        <span aria-hidden className="pointer-events-none absolute top-1.5 right-1.5 flex">
          <span className="absolute inset-0 rounded-full bg-rose-500 opacity-60 motion-safe:animate-ping" />
          <span className="relative min-w-[18px] rounded-full bg-rose-600 px-1 text-center text-[11px] leading-[18px] font-semibold text-white ring-2 ring-neutral-100 dark:ring-neutral-900">
            {label}
          </span>
        </span>
      )}
    </IconButton>
  );
  if (!loaded) return bell;
  return <loaded.NotificationPopover trigger={bell} open={open} onOpenChange={setOpen} side={side} />;
}
