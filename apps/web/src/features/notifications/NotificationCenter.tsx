import type { NotificationCategory } from '@filestore/contract';
import * as Popover from '@radix-ui/react-popover';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangle,
  Bell,
  Check,
  ChevronRight,
  CloudUpload,
  CreditCard,
  ExternalLink,
  Gift,
  LoaderCircle,
  TrendingUp,
  UserPlus,
  Wallet,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { Link, useNavigate } from '../../app/routing';
import { isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/Spinner';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import { useUser } from '../user/user.api';
import {
  answerInvitation,
  clearActionLocally,
  clearAllLocally,
  clearAllNotifications,
  fetchNotifications,
  markAllReadLocally,
  notificationsQueryKey,
  readAllNotifications,
  notificationText,
  unreadBadge,
  type Notification,
} from './notifications.api';

/** Spec §3: each category has its icon. */
const icons: Record<NotificationCategory, LucideIcon> = {
  gift: Gift,
  'team-invitation': UserPlus,
  'subscription-created': TrendingUp,
  'billing-alert': AlertTriangle,
  'insufficient-balance': Wallet,
  'payment-alert': CreditCard,
  'file-request': CloudUpload,
  'remote-upload-done': CloudUpload,
};

/** Spec §4: a route action names a screen and an id; these are the screens a notification may open. */
const routes: Record<string, (id: string | null) => string> = {
  Files: (id) => (id ? `/platform/files/${encodeURIComponent(id)}` : '/platform/files'),
  RecentUploads: () => '/platform/recent-uploads',
  MySharedItems: () => '/platform/my-shared-items',
  Trash: (id) => (id ? `/platform/trash/${encodeURIComponent(id)}` : '/platform/trash'),
  TeamFolders: (id) => (id ? `/platform/team-folders/${encodeURIComponent(id)}` : '/platform/team-folders'),
  SharedWithMe: (id) => (id ? `/platform/shared-with-me/${encodeURIComponent(id)}` : '/platform/shared-with-me'),
  Profile: () => '/user/profile',
  Storage: () => '/user/settings/storage',
  Billing: () => '/user/settings/billing',
};
export const routeOf = (route: string, id: string | null): string | null => routes[route]?.(id) ?? null;

/** Only web addresses and paths of this site: never a `javascript:` or `data:` link from a notification. */
export function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Unread ones stand out for about a second after they show (spec §4, §9: 1000 ms). */
const HIGHLIGHT_MS = 1000;

const actionClass =
  'mt-1.5 inline-flex min-h-8 items-center gap-1 rounded-lg text-sm font-semibold text-accent-strong hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-accent';

function InvitationButtons({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const action = notification.attributes.action;
  if (action?.type !== 'invitation') return null;
  const answer = async (accept: boolean) => {
    setBusy(accept ? 'accept' : 'decline');
    try {
      await answerInvitation(action.params.id, accept);
      clearActionLocally(client, notification.id);
      // The team folder joins Shared with Me: its listings and the navigator refetch.
      void client.invalidateQueries({ queryKey: ['files'] });
      if (accept) {
        toast.success(t('notifications.you_accepted_invitation'));
        // The screen behind goes to Shared with Me, where the folder now is; the panel stays open
        // for the other notifications.
        void navigate('/platform/shared-with-me');
      } else toast.success(t('notifications.you_decline_invitation'));
    } catch (caught) {
      // Used, declined or withdrawn meanwhile (410): the buttons go, and the toast says why.
      if (isApiError(caught) && (caught.status === 410 || caught.status === 404)) {
        clearActionLocally(client, notification.id);
        toast.error(t('notifications.invitation_gone'));
      } else toast.error(t('notifications.action_failed'));
    } finally {
      setBusy(null);
    }
  };
  const button = (accept: boolean) => {
    const loading = busy === (accept ? 'accept' : 'decline');
    const Icon = loading ? LoaderCircle : accept ? Check : X;
    return (
      <button
        type="button"
        disabled={busy !== null}
        aria-busy={loading}
        onClick={() => void answer(accept)}
        className={cn(
          'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60',
          accept
            ? 'bg-emerald-100 text-emerald-800 hover:bg-emerald-200 dark:bg-emerald-900/60 dark:text-emerald-200 dark:hover:bg-emerald-900'
            : 'bg-rose-100 text-rose-800 hover:bg-rose-200 dark:bg-rose-900/60 dark:text-rose-200 dark:hover:bg-rose-900',
        )}
      >
        <Icon className={cn('size-4', loading && 'animate-spin')} aria-hidden />
        {t(accept ? 'notifications.accept' : 'notifications.decline')}
      </button>
    );
  };
  return (
    <div className="mt-3 flex gap-2">
      {button(true)}
      {button(false)}
    </div>
  );
}

function NotificationAction({
  notification,
  button,
  close,
}: {
  notification: Notification;
  button: string;
  close: () => void;
}) {
  const action = notification.attributes.action;
  if (!action) return null;
  if (action.type === 'invitation') return <InvitationButtons notification={notification} />;
  if (action.type === 'route') {
    const to = routeOf(action.params.route, action.params.id);
    if (!to) return null;
    // Spec §4: the center closes first, then the screen opens.
    return (
      <Link to={to} onClick={close} className={actionClass}>
        {button}
        <ChevronRight className="size-4" aria-hidden />
      </Link>
    );
  }
  const href = safeUrl(action.params.url);
  if (!href) return null;
  const blank = action.params.target === 'blank';
  return (
    <a
      href={href}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener noreferrer' : undefined}
      onClick={close}
      className={actionClass}
    >
      {button}
      {blank ? <ExternalLink className="size-3.5" aria-hidden /> : <ChevronRight className="size-4" aria-hidden />}
    </a>
  );
}

function NotificationItem({ notification, close }: { notification: Notification; close: () => void }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const { category, created_at, read_at } = notification.attributes;
  // In the language the reader uses now, not the one it was made in.
  const { title, description, button } = notificationText(t, notification.attributes);
  // Whether it was unread when it showed: reading it on the server a moment later keeps the highlight for its second.
  const [fresh, setFresh] = useState(read_at === null);
  useEffect(() => {
    if (!fresh) return;
    const timer = setTimeout(() => setFresh(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [fresh]);
  const Icon = icons[category] ?? Bell;
  return (
    <li>
      <article
        data-unread={fresh || undefined}
        className={cn(
          'flex gap-3 rounded-xl p-3 transition-colors duration-700',
          fresh ? 'bg-accent/12 dark:bg-accent/15' : 'bg-transparent',
        )}
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
          <Icon className="size-[18px]" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold break-words text-neutral-900 dark:text-neutral-100">
            {read_at === null && <span className="sr-only">{t('notifications.unread')}: </span>}
            {title}
          </h3>
          {description && (
            <p className="mt-0.5 text-sm break-words whitespace-pre-line text-neutral-600 dark:text-neutral-400">
              {description}
            </p>
          )}
          <time dateTime={created_at} className="mt-1 block text-xs text-neutral-500 dark:text-neutral-400">
            {formatDate(created_at, 'long')}
          </time>
          <NotificationAction notification={notification} button={button ?? ''} close={close} />
        </div>
      </article>
    </li>
  );
}

/**
 * The notification center's content (spec §2, §4): newest first, read and unread; opening it reads
 * them all once they are shown (and again when one arrives while it is open); Clear all; older
 * pages on demand.
 */
export function NotificationCenter({ close, titleId }: { close: () => void; titleId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
    staleTime: 0,
  });
  const items = query.data?.pages.flatMap((p) => p.data.map((n) => n.data)) ?? [];
  const badge = unreadBadge(useUser().data).count;
  const unread = badge > 0 || items.some((n) => n.attributes.read_at === null);
  const reading = useRef(false);
  useEffect(() => {
    if (!unread || query.isFetching || reading.current) return;
    reading.current = true;
    readAllNotifications()
      .then(() => markAllReadLocally(client))
      .catch(() => undefined)
      .finally(() => (reading.current = false));
  }, [unread, query.isFetching, query.dataUpdatedAt, client]);
  const [clearing, setClearing] = useState(false);
  const clearAll = async () => {
    setClearing(true);
    try {
      await clearAllNotifications();
      clearAllLocally(client);
    } catch {
      toast.error(t('notifications.action_failed'));
    } finally {
      setClearing(false);
    }
  };

  return (
    <>
      {/* A title and a button too long for one row (a translation) put the button on the next, unwrapped. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 pt-2 pb-1">
        <h2 id={titleId} className="text-base font-semibold text-neutral-900 dark:text-white">
          {t('notifications.title')}
        </h2>
        {items.length > 0 && (
          <Button
            variant="ghost"
            className="-mr-1 h-9 shrink-0 px-3 text-sm whitespace-nowrap"
            onClick={() => void clearAll()}
            disabled={clearing}
          >
            {t('notifications.clear_all')}
          </Button>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-1 pb-1">
        {query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" label={t('common.loading')} />
          </div>
        ) : query.isError && items.length === 0 ? (
          <div className="px-4 py-8 text-center">
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('notifications.load_failed')}</p>
            <Button variant="ghost" className="mt-3" onClick={() => void query.refetch()}>
              {t('notifications.retry')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-9 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
              <Bell className="size-5" aria-hidden />
            </span>
            <p className="mt-3 text-sm font-semibold text-neutral-900 dark:text-neutral-100">
              {t('notifications.empty_title')}
            </p>
            <p className="mt-1 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
              {t('notifications.empty_description')}
            </p>
          </div>
        ) : (
          <>
            <ul className="space-y-1">
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} close={close} />
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="flex justify-center py-2">
                <Button
                  variant="ghost"
                  className="h-9 text-sm"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {t('notifications.older')}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}

/**
 * The panel around the content: 360 px wide (spec §9) or the screen less a margin, opened by the
 * bell; it closes on a click outside, on Escape (Radix), and when an action is followed.
 */
export function NotificationPopover({
  trigger,
  open,
  onOpenChange,
  side = 'right',
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side?: 'right' | 'bottom';
}) {
  const titleId = useId();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={side}
          align={side === 'bottom' ? 'end' : 'start'}
          sideOffset={10}
          collisionPadding={12}
          aria-labelledby={titleId}
          className="z-60 flex max-h-[min(640px,var(--radix-popover-content-available-height))] w-[min(360px,calc(100vw-1.5rem))] flex-col rounded-2xl bg-white p-2 shadow-xl ring-1 ring-neutral-200 focus:outline-none dark:bg-neutral-900 dark:ring-neutral-800"
        >
          <NotificationCenter close={() => onOpenChange(false)} titleId={titleId} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
