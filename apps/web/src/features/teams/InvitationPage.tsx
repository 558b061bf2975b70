import type { TeamInvitationResponse } from '@filestore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CircleSlash, LogIn, LogOut, SearchX, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../app/routing';
import { isApiError } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { errorMessage } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageSpinner } from '../../ui/Spinner';
import { logout } from '../auth/auth.api';
import { FolderIcon } from '../files/browser/ItemIcon';
import { answerInvitation, clearInvitationAction } from '../notifications/notifications.api';
import { PublicLayout, primaryLinkClass, StatusMessage } from '../pages/PublicLayout';
import { useUser } from '../user/user.api';
import { PersonAvatar } from './MemberAvatars';
import { teamFolderPath } from './team-source';
import { fetchInvitation, teamKeys } from './teams.api';

const secondaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold text-neutral-900 ring-1 ring-neutral-300 ring-inset hover:bg-neutral-50 dark:text-neutral-100 dark:ring-neutral-700 dark:hover:bg-neutral-800';

/** Sign-in and sign-up come back here, with the invited email filled in. */
function authLink(page: 'sign-in' | 'sign-up', id: string, email: string) {
  const query = new URLSearchParams({ redirect: `/team-folder-invitation/${id}`, email });
  return `/${page}?${query}`;
}

type Invitation = TeamInvitationResponse;

function InvitationCard({ invitation, children }: { invitation: Invitation; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { data } = invitation;
  const inviter = data.relationships.inviter.data.attributes;
  const folder = data.relationships.folder.data.attributes;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center py-12">
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-8 dark:bg-neutral-900 dark:ring-neutral-800">
        <div className="flex items-center gap-4">
          <FolderIcon color={folder.color} emoji={folder.emoji} size="md" />
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-accent-strong uppercase dark:text-accent">
              {t('invitation.kicker')}
            </p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-neutral-900 dark:text-white">
              {folder.name}
            </h1>
          </div>
        </div>
        <div className="mt-6 flex items-center gap-3 rounded-2xl bg-neutral-50 p-4 dark:bg-neutral-800/60">
          <PersonAvatar person={inviter} size={40} />
          <p className="min-w-0 text-[15px] leading-6 text-neutral-700 dark:text-neutral-300">
            {t(`invitation.invites_${data.attributes.permission}`, {
              name: inviter.name || inviter.email,
              folder: folder.name,
            })}
          </p>
        </div>
        <p className="mt-4 text-sm text-neutral-500 dark:text-neutral-400">
          {t('invitation.sent_to', { email: data.attributes.email })}
        </p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

function InviteeActions({ invitation, id }: { invitation: Invitation; id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [declined, setDeclined] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const folder = invitation.data.relationships.folder.data;
  const answer = async (accept: boolean) => {
    setBusy(accept ? 'accept' : 'decline');
    setError(null);
    try {
      await answerInvitation(id, accept);
      clearInvitationAction(client, id);
      await client.invalidateQueries({ queryKey: ['files'] });
      if (accept) {
        toast.success(t('invitation.joined', { name: folder.attributes.name }));
        void navigate(teamFolderPath('shared-with-me', folder.id), { replace: true });
      } else setDeclined(true);
    } catch (caught) {
      if (isApiError(caught) && caught.status === 410) {
        client.setQueryData(teamKeys.invitation(id), null);
        void client.invalidateQueries({ queryKey: teamKeys.invitation(id) });
      }
      setError(errorMessage(t, caught));
    } finally {
      setBusy(null);
    }
  };
  if (declined) {
    return (
      <div className="space-y-4">
        <Notice tone="info">{t('invitation.declined')}</Notice>
        <Link to="/platform/files" className={primaryLinkClass}>
          {t('invitation.go_to_files')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {error && <Notice tone="error">{error}</Notice>}
      <div className="flex flex-col gap-2">
        <Button
          block
          loading={busy === 'accept'}
          disabled={busy !== null}
          onClick={() => void answer(true)}
          icon={<Check className="size-4" aria-hidden />}
        >
          {t('invitation.accept')}
        </Button>
        <Button
          block
          variant="secondary"
          loading={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void answer(false)}
          icon={<X className="size-4" aria-hidden />}
        >
          {t('invitation.decline')}
        </Button>
      </div>
    </div>
  );
}

function OtherAccount({ invitation, id }: { invitation: Invitation; id: string }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [busy, setBusy] = useState(false);
  const email = invitation.data.attributes.email;
  const switchAccount = async () => {
    setBusy(true);
    try {
      await logout();
    } catch {
      setBusy(false);
      toast.error(t('errors.generic'));
      return;
    }
    // A full load: the signed-out app starts clean, then signs in as the invited email.
    window.location.assign(authLink(invitation.data.attributes.isExistedUser ? 'sign-in' : 'sign-up', id, email));
  };
  return (
    <div className="space-y-4">
      <Notice tone="info">{t('invitation.other_account', { current: user?.attributes.email ?? '', email })}</Notice>
      <div className="flex flex-col gap-2">
        <Button
          block
          loading={busy}
          onClick={() => void switchAccount()}
          icon={<LogOut className="size-4" aria-hidden />}
        >
          {t('invitation.switch_account')}
        </Button>
        <Link to="/platform/files" className={`${secondaryLinkClass} w-full`}>
          {t('invitation.go_to_files')}
        </Link>
      </div>
    </div>
  );
}

function GuestActions({ invitation, id }: { invitation: Invitation; id: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { email, isExistedUser } = invitation.data.attributes;
  if (isExistedUser || !config.userRegistration) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t(isExistedUser ? 'invitation.guest_sign_in' : 'invitation.guest_no_registration', { email })}
        </p>
        <Link to={authLink('sign-in', id, email)} className={`${primaryLinkClass} w-full`}>
          <LogIn className="size-4" aria-hidden />
          {t('invitation.sign_in')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('invitation.guest_join', { email })}</p>
      <div className="flex flex-col gap-2">
        <Link to={authLink('sign-up', id, email)} className={`${primaryLinkClass} w-full`}>
          <UserPlus className="size-4" aria-hidden />
          {t('invitation.join')}
        </Link>
        <Link to={authLink('sign-in', id, email)} className={`${secondaryLinkClass} w-full`}>
          {t('invitation.have_account')}
        </Link>
      </div>
    </div>
  );
}

/**
 * /team-folder-invitation/{id} (public): who invites to which folder with which permission; the
 * invitee accepts or declines, someone else is told and may switch accounts, a visitor signs in or
 * creates the account and comes back here. A used, declined or withdrawn invitation says so (410).
 */
export function TeamInvitationPage() {
  const { id = '' } = useParams();
  return <InvitationView id={id} />;
}

export function InvitationView({ id }: { id: string }) {
  const { t } = useTranslation();
  const authenticated = useSession((s) => s.authenticated);
  const query = useQuery({
    queryKey: [...teamKeys.invitation(id), authenticated],
    queryFn: () => fetchInvitation(id),
    retry: false,
    staleTime: 0,
  });

  let body: React.ReactNode;
  if (query.isPending) body = <PageSpinner label={t('common.loading')} />;
  else if (query.isError) {
    const gone = isApiError(query.error) && query.error.status === 410;
    const missing = isApiError(query.error) && query.error.status === 404;
    body = (
      <StatusMessage
        icon={gone ? <CircleSlash className="size-8" aria-hidden /> : <SearchX className="size-8" aria-hidden />}
        title={t(gone ? 'invitation.gone_title' : missing ? 'invitation.missing_title' : 'invitation.failed_title')}
        description={
          gone || missing
            ? t(gone ? 'invitation.gone_description' : 'invitation.missing_description')
            : errorMessage(t, query.error)
        }
        action={
          gone || missing ? (
            <Link to={authenticated ? '/platform/shared-with-me' : '/sign-in'} className={primaryLinkClass}>
              {t(authenticated ? 'invitation.go_to_shared' : 'auth.sign_in.submit')}
            </Link>
          ) : (
            <Button onClick={() => void query.refetch()}>{t('common.try_again')}</Button>
          )
        }
      />
    );
  } else {
    const invitation = query.data;
    const viewer = authenticated ? invitation.meta.viewer : 'guest';
    body = (
      <InvitationCard invitation={invitation}>
        {viewer === 'invitee' ? (
          <InviteeActions invitation={invitation} id={id} />
        ) : viewer === 'other' ? (
          <OtherAccount invitation={invitation} id={id} />
        ) : (
          <GuestActions invitation={invitation} id={id} />
        )}
      </InvitationCard>
    );
  }
  return <PublicLayout>{body}</PublicLayout>;
}
