import type { TeamFolderResource, TeamPermission } from '@filestore/contract';
import { Trash2, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate, useLocation } from '../../../app/routing';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { showAlert } from '../../../lib/popups';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import { Spinner } from '../../../ui/Spinner';
import { FolderIcon } from '../../files/browser/ItemIcon';
import { ConfirmDialog } from '../../files/dialogs/ConfirmDialog';
import { ItemForm, type ItemFormValues } from '../../files/dialogs/ItemForm';
import { useUser } from '../../user/user.api';
import { inviteProblem, type Invite } from '../invite-rule';
import { PersonAvatar } from '../MemberAvatars';
import { teamFolderPath, teamPlace } from '../team-source';
import {
  useConvertTeamFolder,
  useCreateTeamFolder,
  useDissolveTeam,
  useLeaveTeam,
  useTeam,
  useUpdateTeamFolder,
} from '../teams.api';
import { InvitationsEditor, PermissionSelect, problemText, useMemberLimit, withDraft } from './InvitationsEditor';
import { useTeamDialogs, type TeamDialog, type TeamTarget } from './store';

const EMPTY_DRAFT: Invite = { email: '', permission: 'can_edit' };
const dialogClass = 'flex max-h-[min(46rem,calc(100dvh-2rem))] flex-col overflow-y-auto p-6';

/** The invitations of a popup, with the email being typed and its error. */
function useInvites(taken: readonly string[]) {
  const { data: user } = useUser();
  const { limit, plan } = useMemberLimit();
  const { t } = useTranslation();
  const [invites, setInvites] = useState<Invite[]>([]);
  const [draft, setDraft] = useState<Invite>(EMPTY_DRAFT);
  const [error, setError] = useState<string>();
  /** The invitations to send, with what is typed; null (and the reason shown) if it can't be sent. */
  const collect = (): Invite[] | null => {
    const result = withDraft(invites, draft, (email, list) =>
      inviteProblem(email, { taken: [...taken, ...list], ownEmail: user?.attributes.email ?? null, limit, plan }),
    );
    if ('problem' in result) {
      setError(problemText(t, result.problem, limit?.total ?? 0));
      return null;
    }
    if (result.invites.length !== invites.length) {
      setInvites(result.invites);
      setDraft({ ...EMPTY_DRAFT, permission: draft.permission });
    }
    return result.invites;
  };
  /** A refusal of the server: the member limit shows under the invitations, the rest as an alert. */
  const fail = (title: string, caught: unknown) => {
    if (isApiError(caught, 'teams.member_limit')) {
      setError(t('teams.member_limit', { count: limit?.total ?? 0, defaultValue: caught.message }));
    } else if (
      isApiError(caught) &&
      caught.status === 422 &&
      Object.keys(caught.errors).some((k) => k.startsWith('invitations'))
    ) {
      setError(Object.values(caught.errors)[0]?.[0] ?? caught.message);
    } else showAlert(title, errorMessage(t, caught));
  };
  const editor = (
    <InvitationsEditor
      value={invites}
      onChange={setInvites}
      taken={taken}
      draft={draft}
      onDraftChange={setDraft}
      error={error}
      onErrorChange={setError}
    />
  );
  return { invites, collect, fail, editor };
}

function FolderBadge({ folder }: { folder: TeamTarget }) {
  return (
    <div className="mt-5 flex items-center gap-3 rounded-xl bg-neutral-100 p-3 dark:bg-neutral-800/70">
      <FolderIcon color={folder.color} emoji={folder.emoji} size="sm" />
      <span className="min-w-0 truncate font-semibold text-neutral-900 dark:text-white">{folder.name}</span>
    </div>
  );
}

function CreateTeamFolderDialog() {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const navigate = useNavigate();
  const create = useCreateTeamFolder();
  const { collect, fail, editor } = useInvites([]);
  const [nameError, setNameError] = useState<string>();
  const submit = async ({ name, emoji, color }: ItemFormValues) => {
    const invitations = collect();
    if (!invitations) return;
    try {
      const { data: folder } = await create.mutateAsync({ name, emoji, color, invitations });
      close();
      toast.success(
        invitations.length
          ? t('teams.created_invited', { name: folder.attributes.name, count: invitations.length })
          : t('teams.created', { name: folder.attributes.name }),
      );
      void navigate(teamFolderPath('team-folders', folder.id));
    } catch (caught) {
      const field = isApiError(caught) ? caught.field('name') : undefined;
      if (field) setNameError(field);
      else fail(t('teams.create_failed'), caught);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('teams.create_title')}
      description={t('teams.create_description')}
      closeLabel={t('common.close')}
      className={dialogClass}
    >
      <ItemForm
        initial={{ name: t('teams.default_name'), emoji: null, color: null }}
        folder
        stickyFooter
        submitLabel={t('teams.create_submit')}
        serverError={nameError}
        onSubmit={submit}
        onCancel={close}
      >
        {editor}
      </ItemForm>
    </Dialog>
  );
}

function ConvertDialog({ folder }: { folder: TeamTarget }) {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const navigate = useNavigate();
  const convert = useConvertTeamFolder();
  const { collect, fail, editor } = useInvites([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const invitations = collect();
    if (!invitations) return;
    setBusy(true);
    try {
      await convert.mutateAsync({ id: folder.id, invitations });
      close();
      toast.success(
        invitations.length
          ? t('teams.converted_invited', { name: folder.name, count: invitations.length })
          : t('teams.converted', { name: folder.name }),
      );
      void navigate(teamFolderPath('team-folders', folder.id));
    } catch (caught) {
      fail(t('teams.convert_failed'), caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('teams.convert_title')}
      description={t('teams.convert_description')}
      closeLabel={t('common.close')}
      className={dialogClass}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-5"
      >
        <FolderBadge folder={folder} />
        {editor}
        <Notice tone="info">{t('teams.convert_note')}</Notice>
        <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-2 bg-white px-6 py-4 sm:flex-row sm:justify-end dark:bg-neutral-900">
          <Button variant="secondary" onClick={close}>
            {t('files.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('teams.convert_submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type Member = TeamFolderResource['data']['relationships']['members']['data'][number]['data'];
type Invitation = TeamFolderResource['data']['relationships']['invitations']['data'][number]['data'];

function SectionTitle({ children, count }: { children: ReactNode; count?: number }) {
  return (
    <h3 className="flex items-center gap-2 text-sm font-semibold text-neutral-800 dark:text-neutral-200">
      {children}
      {count !== undefined && (
        <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
          {count}
        </span>
      )}
    </h3>
  );
}

const rowButton =
  'inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent';

function roleLabel(t: TFunction, role: Member['attributes']['permission']) {
  return t(`teams.permission.${role}`);
}

/** The update-team-folder popup: members, pending invitations, new invitations; PATCH with the wanted state. */
function UpdateTeamDialog({ folder }: { folder: TeamTarget }) {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const open = useTeamDialogs((s) => s.open);
  const team = useTeam(folder.id);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('teams.update_title', { name: folder.name })}
      description={t('teams.update_description')}
      closeLabel={t('common.close')}
      className={cn(dialogClass, 'max-w-xl')}
    >
      {team.isPending ? (
        <div className="flex h-40 items-center justify-center text-neutral-500">
          <Spinner label={t('common.loading')} className="size-5" />
        </div>
      ) : team.isError ? (
        <div className="mt-5 space-y-4">
          <Notice tone="error">{errorMessage(t, team.error)}</Notice>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={close}>
              {t('common.close')}
            </Button>
          </div>
        </div>
      ) : (
        <UpdateTeamForm
          folder={folder}
          team={team.data}
          onDissolve={() => open({ kind: 'dissolve', folder })}
          onDone={close}
        />
      )}
    </Dialog>
  );
}

export function UpdateTeamForm({
  folder,
  team,
  onDissolve,
  onDone,
}: {
  folder: TeamTarget;
  team: TeamFolderResource;
  onDissolve: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateTeamFolder();
  const initialMembers = team.data.relationships.members.data.map((m) => m.data);
  const initialPending = team.data.relationships.invitations.data
    .map((i) => i.data)
    .filter((i) => i.attributes.status === 'pending');
  const [members, setMembers] = useState<Record<string, TeamPermission | 'removed'>>(() =>
    Object.fromEntries(
      initialMembers
        .filter((m) => m.attributes.permission !== 'owner')
        .map((m) => [m.id, m.attributes.permission as TeamPermission]),
    ),
  );
  const [pending, setPending] = useState<Record<string, TeamPermission | 'withdrawn'>>(() =>
    Object.fromEntries(initialPending.map((i) => [i.id, i.attributes.permission])),
  );
  const taken = [
    ...initialMembers.map((m) => m.attributes.email),
    ...initialPending.filter((i) => pending[i.id] !== 'withdrawn').map((i) => i.attributes.email),
  ];
  const { collect, fail, editor } = useInvites(taken);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const added = collect();
    if (!added) return;
    setBusy(true);
    const body = {
      members: Object.entries(members)
        .filter((entry): entry is [string, TeamPermission] => entry[1] !== 'removed')
        .map(([id, permission]) => ({ id, permission })),
      invitations: [
        ...initialPending
          .filter((i) => pending[i.id] !== 'withdrawn')
          .map((i) => ({ email: i.attributes.email, permission: pending[i.id] as TeamPermission })),
        ...added,
      ],
    };
    try {
      await update.mutateAsync({ id: folder.id, ...body });
      onDone();
      toast.success(t('teams.updated', { name: folder.name }));
    } catch (caught) {
      fail(t('teams.update_failed'), caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="mt-5 space-y-6"
    >
      <section className="space-y-2">
        <SectionTitle count={initialMembers.length}>{t('teams.members')}</SectionTitle>
        <ul aria-label={t('teams.members')} className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {initialMembers.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              state={member.attributes.permission === 'owner' ? 'owner' : (members[member.id] ?? 'removed')}
              onChange={(state) => setMembers((m) => ({ ...m, [member.id]: state }))}
            />
          ))}
        </ul>
      </section>
      {initialPending.length > 0 && (
        <section className="space-y-2">
          <SectionTitle count={initialPending.length}>{t('teams.pending')}</SectionTitle>
          <ul aria-label={t('teams.pending')} className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {initialPending.map((invitation) => (
              <PendingRow
                key={invitation.id}
                invitation={invitation}
                state={pending[invitation.id] ?? 'withdrawn'}
                onChange={(state) => setPending((p) => ({ ...p, [invitation.id]: state }))}
              />
            ))}
          </ul>
        </section>
      )}
      {editor}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-2 border-t border-neutral-200 bg-white px-6 py-4 sm:flex-row sm:items-center sm:justify-end dark:border-neutral-800 dark:bg-neutral-900">
        <Button
          variant="ghost"
          onClick={onDissolve}
          className="text-red-600 sm:mr-auto dark:text-red-400"
          icon={<Trash2 className="size-4" aria-hidden />}
        >
          {t('teams.dissolve')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('files.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('teams.save')}
        </Button>
      </div>
    </form>
  );
}

function MemberRow({
  member,
  state,
  onChange,
}: {
  member: Member;
  state: TeamPermission | 'removed' | 'owner';
  onChange: (state: TeamPermission | 'removed') => void;
}) {
  const { t } = useTranslation();
  const { name, email } = member.attributes;
  const removed = state === 'removed';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5 sm:flex-nowrap">
      <PersonAvatar person={member.attributes} size={36} className={removed ? 'opacity-40' : undefined} />
      <div className={cn('min-w-0 flex-1', removed && 'opacity-50')}>
        <p className="truncate text-sm font-semibold text-neutral-900 dark:text-neutral-100">
          {removed && <span className="sr-only">{t('teams.will_be_removed')}: </span>}
          <span className={removed ? 'line-through' : undefined}>{name || email}</span>
        </p>
        <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">{email}</p>
      </div>
      <div className="flex items-center gap-1 max-sm:ml-12">
        {state === 'owner' ? (
          <span className="rounded-full bg-accent/12 px-2.5 py-1 text-xs font-semibold text-accent-strong dark:bg-accent/20 dark:text-accent">
            {roleLabel(t, 'owner')}
          </span>
        ) : removed ? (
          <button
            type="button"
            onClick={() => onChange('can_edit')}
            className={cn(
              rowButton,
              'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800',
            )}
          >
            <Undo2 className="size-4" aria-hidden />
            {t('teams.undo_remove')}
          </button>
        ) : (
          <>
            <PermissionSelect
              label={t('teams.permission_of', { name: name || email })}
              value={state}
              onChange={onChange}
              className="min-h-10 py-1"
            />
            <button
              type="button"
              onClick={() => onChange('removed')}
              aria-label={t('teams.remove_member', { name: name || email })}
              className={cn(rowButton, 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40')}
            >
              {t('teams.remove')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function PendingRow({
  invitation,
  state,
  onChange,
}: {
  invitation: Invitation;
  state: TeamPermission | 'withdrawn';
  onChange: (state: TeamPermission | 'withdrawn') => void;
}) {
  const { t } = useTranslation();
  const { email, color } = invitation.attributes;
  const withdrawn = state === 'withdrawn';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5 sm:flex-nowrap">
      <PersonAvatar
        person={{ name: '', email, avatar: null, color }}
        size={36}
        className={withdrawn ? 'opacity-40' : undefined}
      />
      <div className={cn('min-w-0 flex-1', withdrawn && 'opacity-50')}>
        <p className="truncate text-sm font-semibold text-neutral-900 dark:text-neutral-100">
          <span className={withdrawn ? 'line-through' : undefined}>{email}</span>
        </p>
        <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">
          {withdrawn ? t('teams.will_be_withdrawn') : t('teams.invited_waiting')}
        </p>
      </div>
      <div className="flex items-center gap-1 max-sm:ml-12">
        {withdrawn ? (
          <button
            type="button"
            onClick={() => onChange(invitation.attributes.permission)}
            className={cn(
              rowButton,
              'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800',
            )}
          >
            <Undo2 className="size-4" aria-hidden />
            {t('teams.undo_withdraw')}
          </button>
        ) : (
          <>
            <PermissionSelect
              label={t('teams.permission_of', { name: email })}
              value={state}
              onChange={onChange}
              className="min-h-10 py-1"
            />
            <button
              type="button"
              onClick={() => onChange('withdrawn')}
              aria-label={t('teams.withdraw_invitation', { email })}
              className={cn(rowButton, 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40')}
            >
              {t('teams.withdraw')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/** Spec §6: "really dissolve the team". The folder stays the owner's, as a plain folder. */
function DissolveDialog({ folder }: { folder: TeamTarget }) {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const dissolve = useDissolveTeam();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <ConfirmDialog
      onClose={close}
      focusCancel
      title={t('teams.dissolve_title', { name: folder.name })}
      description={t('teams.dissolve_description')}
      confirmLabel={t('teams.dissolve')}
      onConfirm={async () => {
        try {
          await dissolve.mutateAsync(folder.id);
          close();
          toast.success(t('teams.dissolved', { name: folder.name }));
          // On the team's screen, the folder is now found in My Files.
          if (teamPlace(pathname)?.location === 'team-folders' && teamPlace(pathname)?.folderId === folder.id)
            void navigate(`/platform/files/${encodeURIComponent(folder.id)}`, { replace: true });
        } catch (caught) {
          close();
          showAlert(t('teams.dissolve_failed'), errorMessage(t, caught));
        }
      }}
    />
  );
}

/** Spec §6: "really leave the team". */
function LeaveDialog({ folder }: { folder: TeamTarget }) {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const leave = useLeaveTeam();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <ConfirmDialog
      onClose={close}
      focusCancel
      title={t('teams.leave_title', { name: folder.name })}
      description={t('teams.leave_description')}
      confirmLabel={t('teams.leave')}
      onConfirm={async () => {
        try {
          await leave.mutateAsync(folder.id);
          close();
          toast.success(t('teams.left', { name: folder.name }));
          const place = teamPlace(pathname);
          if (place?.location === 'shared-with-me' && place.folderId)
            void navigate('/platform/shared-with-me', { replace: true });
        } catch (caught) {
          close();
          showAlert(t('teams.leave_failed'), errorMessage(t, caught));
        }
      }}
    />
  );
}

/** The popup asked for (see store.ts); one at a time. */
export default function TeamDialogsContent({ dialog }: { dialog: TeamDialog }) {
  switch (dialog.kind) {
    case 'create':
      return <CreateTeamFolderDialog />;
    case 'convert':
      return <ConvertDialog folder={dialog.folder} />;
    case 'update':
      return <UpdateTeamDialog folder={dialog.folder} />;
    case 'dissolve':
      return <DissolveDialog folder={dialog.folder} />;
    case 'leave':
      return <LeaveDialog folder={dialog.folder} />;
  }
}
