import { LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { Navigate, useNavigate, useParams } from '../../../app/routing';
import { isApiError } from '../../../lib/api';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { PublicLayout } from '../../pages/PublicLayout';
import { LinkExpiredPage, LinkLoadFailed, LinkLoading, OwnerAvatar, LinkRemovedPage } from './LinkFrame';
import { sharePaths } from './ShareGate';
import { useAuthenticateShare, useShare, type PublicShare } from './share.api';

/** Seconds to wait from a 429: the server's details (retryAfter), else a short pause. */
function waitOf(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const seconds = Number(error.details.retryAfter ?? error.details.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 30;
}

/** Counts a wait down to 0, once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

const passwordSchema = z.object({ password: z.string().min(1) });

export function PasswordForm({ share, token }: { share: PublicShare; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const authenticate = useAuthenticateShare(token);
  const [wait, setWait] = useCountdown();
  const { onSubmit, field, pending } = useApiForm({
    schema: passwordSchema,
    defaultValues: { password: '' },
    mutationFn: ({ password }) => authenticate.mutateAsync(password),
    onSuccess: () => void navigate(sharePaths.entry(token), { replace: true }),
    // Every refusal is the password's; too many tries count down there instead.
    fieldForError: (caught) => {
      const seconds = waitOf(caught);
      if (seconds) setWait(seconds);
      const message = seconds
        ? ''
        : isApiError(caught, 'share.wrong_password')
          ? t('public.wrong_password')
          : errorMessage(t, caught);
      return { field: 'password', message };
    },
  });
  const password = field('password');

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-12">
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8 dark:bg-neutral-900 dark:ring-neutral-800">
        <div className="flex items-center gap-3">
          <OwnerAvatar owner={share.owner} size={44} />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-neutral-900 dark:text-white">{share.owner.name}</p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {share.type === 'folder' ? t('public.a_folder') : t('public.a_file')}
            </p>
          </div>
          <span className="ml-auto flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
            <LockKeyhole className="size-5" aria-hidden />
          </span>
        </div>
        <h1 className="mt-7 text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
          {t('public.password_title')}
        </h1>
        <p className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
          {t('public.password_description', { name: share.owner.name })}
        </p>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 space-y-5">
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            autoFocus
            {...password}
            error={wait > 0 ? t('public.too_many_attempts', { count: wait }) : password.error}
          />
          <Button type="submit" block loading={pending} disabled={wait > 0}>
            {t('public.unlock')}
          </Button>
        </form>
      </div>
    </div>
  );
}

/** /share/{token}/authenticate: the password of a protected link (spec §2, reference §5.3). */
export function ShareAuthenticatePage() {
  const { token = '' } = useParams();
  const query = useShare(token);
  if (query.isPending) return <LinkLoading />;
  if (query.isError) {
    const { error } = query;
    if (isApiError(error) && error.status === 404) return <NotFoundPage />;
    if (isApiError(error, 'share.revoked')) return <LinkRemovedPage />;
    if (isApiError(error) && error.status === 410) return <LinkExpiredPage kind="share" error={error} />;
    if (!isApiError(error, 'share.locked')) {
      return <LinkLoadFailed error={error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    }
  }
  const share = query.data;
  if (!share) return <LinkLoading />;
  if (!share.protected || share.unlocked) return <Navigate to={sharePaths.entry(token)} replace />;
  return (
    <PublicLayout>
      <PasswordForm share={share} token={token} />
    </PublicLayout>
  );
}
