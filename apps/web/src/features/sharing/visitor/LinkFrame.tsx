import { Clock, Link2Off, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../app/routing';
import { isApiError } from '../../../lib/api';
import { useConfig } from '../../../lib/config';
import { errorMessage } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { Logo } from '../../../ui/Logo';
import { Spinner } from '../../../ui/Spinner';
import { PublicLayout, primaryLinkClass, StatusMessage } from '../../pages/PublicLayout';
import { ThemeToggle } from '../../user/ThemeToggle';

export interface LinkOwner {
  name: string;
  color: string;
}

/** The owner's initial on their colour: who a link comes from, at a glance. */
export function OwnerAvatar({ owner, size = 36 }: { owner: LinkOwner; size?: number }) {
  return <Avatar name={owner.name} color={owner.color} avatar={null} size={size} />;
}

const topLink = 'inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap';

/**
 * The bar above a link's page: the product's logo and name (home), the theme switch (never saved
 * to an account here, spec §4), and sign-in or the visitor's own files.
 */
export function LinkTopBar() {
  const { t } = useTranslation();
  const config = useConfig();
  const authenticated = useSession((s) => s.authenticated);
  return (
    <header className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-neutral-200 px-3 sm:px-5 dark:border-neutral-800/80">
      <Link to="/" aria-label={t('nav.home_link', { app: config.appName })} className="min-w-0">
        <Logo name={config.appName} logos={config.logos} className="max-w-full" />
      </Link>
      <nav className="flex shrink-0 items-center gap-1" aria-label={t('nav.public')}>
        <ThemeToggle saveToServer={false} />
        {authenticated ? (
          <Link
            to="/platform/files"
            className={cn(
              topLink,
              'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
            )}
          >
            {t('public.my_files')}
          </Link>
        ) : (
          <Link
            to="/sign-in"
            className={cn(
              topLink,
              'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
            )}
          >
            {t('auth.sign_in.submit')}
          </Link>
        )}
      </nav>
    </header>
  );
}

/** While a link's details load: the frame at once, a spinner if it takes a moment. */
export function LinkLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-page flex-col">
      <LinkTopBar />
      <div className="flex flex-1 items-center justify-center text-neutral-400 dark:text-neutral-500">
        <div className="animate-[fade-in_300ms_ease-out_400ms_both]">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      </div>
    </div>
  );
}

/** A page-sized message for a link that can't be used (expired, done, failed to load). */
export function LinkStatusPage({
  icon,
  title,
  description,
  owner,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  owner?: LinkOwner | null;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <StatusMessage
        icon={icon}
        title={title}
        description={description}
        action={
          <div className="flex flex-col items-center gap-6">
            {owner && (
              <p className="flex items-center gap-2.5 text-sm text-neutral-600 dark:text-neutral-400">
                <OwnerAvatar owner={owner} size={28} />
                <span>{t('public.from_owner', { name: owner.name })}</span>
              </p>
            )}
            {action ?? (
              <Link to="/" className={primaryLinkClass}>
                {t('not_found.home')}
              </Link>
            )}
          </div>
        }
      />
    </PublicLayout>
  );
}

/** The owner named in an error's details, when the server tells (an expired link says whose it was). */
export function ownerInError(error: unknown): LinkOwner | null {
  if (!isApiError(error)) return null;
  const owner = error.details.owner;
  if (typeof owner !== 'object' || owner === null) return null;
  const { name, color } = owner as Record<string, unknown>;
  return typeof name === 'string' ? { name, color: typeof color === 'string' ? color : '#737373' } : null;
}

/** A share link or upload request that ran out of time (whose it was, when known). */
export function LinkExpiredPage({
  kind,
  error,
  owner,
}: {
  kind: 'share' | 'request';
  error?: unknown;
  owner?: LinkOwner;
}) {
  const { t } = useTranslation();
  const from = owner ?? ownerInError(error);
  return (
    <LinkStatusPage
      icon={<Clock className="size-8" aria-hidden />}
      title={t(kind === 'share' ? 'public.share_expired_title' : 'public.request_expired_title')}
      description={t(kind === 'share' ? 'public.share_expired_description' : 'public.request_expired_description', {
        name: from?.name ?? '',
        context: from ? 'named' : undefined,
      })}
      owner={from}
    />
  );
}

/**
 * A share link its owner removed (410 `share.revoked`): say so, and nothing about whose it was —
 * the server keeps only a tombstone of the token.
 */
export function LinkRemovedPage() {
  const { t } = useTranslation();
  return (
    <LinkStatusPage
      icon={<Link2Off className="size-8" aria-hidden />}
      title={t('public.share_revoked_title')}
      description={t('public.share_revoked_description')}
    />
  );
}

/** Loading the link failed for another reason (network, server): say so and offer to retry. */
export function LinkLoadFailed({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <LinkStatusPage
      icon={<RotateCcw className="size-8" aria-hidden />}
      title={t('public.load_failed_title')}
      description={errorMessage(t, error)}
      action={
        <Button onClick={onRetry} loading={retrying}>
          {t('common.try_again')}
        </Button>
      }
    />
  );
}
