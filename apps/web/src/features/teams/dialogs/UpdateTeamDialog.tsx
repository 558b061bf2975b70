import type { TeamFolderResource, TeamPermission } from '@filestore/contract';
import { Trash2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import { Spinner } from '../../../ui/Spinner';
import { PersonAvatar } from '../MemberAvatars';
import { useTeam, useUpdateTeamFolder } from '../teams.api';
import { PermissionSelect } from './InvitationsEditor';
import { dialogClass, SectionTitle, StickyActions, useInvites } from './parts';
import { useTeamDialogs, type TeamTarget } from './store';

type Member = TeamFolderResource['data']['relationships']['members']['data'][number]['data'];
type Invitation = TeamFolderResource['data']['relationships']['invitations']['data'][number]['data'];

/** The update-team-folder popup: members, pending invitations, new invitations; PATCH with the wanted state. */
export function UpdateTeamDialog({ folder }: { folder: TeamTarget }) {
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

/** Each member's permission or 'removed', each pending invitation's or 'withdrawn'. */
const schema = z.object({
  members: z.record(z.string(), z.enum(['can_edit', 'can_view', 'removed'])),
  pending: z.record(z.string(), z.enum(['can_edit', 'can_view', 'withdrawn'])),
});

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
  const { form, onSubmit, pending } = useApiForm({
    schema,
    defaultValues: {
      members: Object.fromEntries(
        initialMembers
          .filter((m) => m.attributes.permission !== 'owner')
          .map((m) => [m.id, m.attributes.permission as TeamPermission]),
      ),
      pending: Object.fromEntries(initialPending.map((i) => [i.id, i.attributes.permission])),
    },
    mutationFn: async (values) => {
      const added = collect();
      if (!added) return;
      const body = {
        members: Object.entries(values.members)
          .filter((entry): entry is [string, TeamPermission] => entry[1] !== 'removed')
          .map(([id, permission]) => ({ id, permission })),
        invitations: [
          ...initialPending
            .filter((i) => values.pending[i.id] !== 'withdrawn')
            .map((i) => ({ email: i.attributes.email, permission: values.pending[i.id] as TeamPermission })),
          ...added,
        ],
      };
      try {
        await update.mutateAsync({ id: folder.id, ...body });
      } catch (caught) {
        return refused(t('teams.update_failed'))(caught);
      }
      onDone();
      toast.success(t('teams.updated', { name: folder.name }));
    },
  });
  const members = form.watch('members');
  const invitations = form.watch('pending');
  const taken = [
    ...initialMembers.map((m) => m.attributes.email),
    ...initialPending.filter((i) => invitations[i.id] !== 'withdrawn').map((i) => i.attributes.email),
  ];
  const { collect, refused, editor } = useInvites(taken);

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-5 space-y-6">
      <section className="space-y-2">
        <SectionTitle count={initialMembers.length}>{t('teams.members')}</SectionTitle>
        <ul aria-label={t('teams.members')} className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {initialMembers.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              state={member.attributes.permission === 'owner' ? 'owner' : (members[member.id] ?? 'removed')}
              onChange={(state) => form.setValue(`members.${member.id}`, state)}
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
                state={invitations[invitation.id] ?? 'withdrawn'}
                onChange={(state) => form.setValue(`pending.${invitation.id}`, state)}
              />
            ))}
          </ul>
        </section>
      )}
      {editor}
      <StickyActions submitLabel={t('teams.save')} pending={pending} onCancel={onDone} bordered>
        <Button
          variant="ghost"
          onClick={onDissolve}
          className="text-red-600 sm:mr-auto dark:text-red-400"
          icon={<Trash2 className="size-4" aria-hidden />}
        >
          {t('teams.dissolve')}
        </Button>
      </StickyActions>
    </form>
  );
}

const rowButton =
  'inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent';

/**
 * A person in the popup (a member or a pending invitation): avatar, name and a line under it, and
 * either a fixed badge, or their permission with a red button that strikes them out, or, struck
 * out, a button that undoes it.
 */
function PersonRow({
  avatar,
  title,
  subtitle,
  struck,
  struckLabel,
  control,
}: {
  avatar: ReactNode;
  title: string;
  subtitle: string;
  struck: boolean;
  /** Said to screen readers before a struck-out name. */
  struckLabel?: string;
  control: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5 sm:flex-nowrap">
      {avatar}
      <div className={cn('min-w-0 flex-1', struck && 'opacity-50')}>
        <p className="truncate text-sm font-semibold text-neutral-900 dark:text-neutral-100">
          {struck && struckLabel && <span className="sr-only">{struckLabel}: </span>}
          <span className={struck ? 'line-through' : undefined}>{title}</span>
        </p>
        <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">{subtitle}</p>
      </div>
      <div className="flex items-center gap-1 max-sm:ml-12">{control}</div>
    </li>
  );
}

/** The undo button of a struck-out row. */
function UndoButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(rowButton, 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800')}
    >
      <Undo2 className="size-4" aria-hidden />
      {label}
    </button>
  );
}

/** A row's permission and the red button that strikes the person out. */
function PermissionControls({
  who,
  value,
  onChange,
  strikeLabel,
  strikeText,
  onStrike,
}: {
  who: string;
  value: TeamPermission;
  onChange: (permission: TeamPermission) => void;
  strikeLabel: string;
  strikeText: string;
  onStrike: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PermissionSelect
        label={t('teams.permission_of', { name: who })}
        value={value}
        onChange={onChange}
        className="min-h-10 py-1"
      />
      <button
        type="button"
        onClick={onStrike}
        aria-label={strikeLabel}
        className={cn(rowButton, 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40')}
      >
        {strikeText}
      </button>
    </>
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
  const who = name || email;
  return (
    <PersonRow
      avatar={<PersonAvatar person={member.attributes} size={36} className={removed ? 'opacity-40' : undefined} />}
      title={who}
      subtitle={email}
      struck={removed}
      struckLabel={t('teams.will_be_removed')}
      control={
        state === 'owner' ? (
          <span className="rounded-full bg-accent/12 px-2.5 py-1 text-xs font-semibold text-accent-strong dark:bg-accent/20 dark:text-accent">
            {t('teams.permission.owner')}
          </span>
        ) : removed ? (
          <UndoButton label={t('teams.undo_remove')} onClick={() => onChange('can_edit')} />
        ) : (
          <PermissionControls
            who={who}
            value={state}
            onChange={onChange}
            strikeLabel={t('teams.remove_member', { name: who })}
            strikeText={t('teams.remove')}
            onStrike={() => onChange('removed')}
          />
        )
      }
    />
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
    <PersonRow
      avatar={
        <PersonAvatar
          person={{ name: '', email, avatar: null, color }}
          size={36}
          className={withdrawn ? 'opacity-40' : undefined}
        />
      }
      title={email}
      subtitle={withdrawn ? t('teams.will_be_withdrawn') : t('teams.invited_waiting')}
      struck={withdrawn}
      control={
        withdrawn ? (
          <UndoButton label={t('teams.undo_withdraw')} onClick={() => onChange(invitation.attributes.permission)} />
        ) : (
          <PermissionControls
            who={email}
            value={state}
            onChange={onChange}
            strikeLabel={t('teams.withdraw_invitation', { email })}
            strikeText={t('teams.withdraw')}
            onStrike={() => onChange('withdrawn')}
          />
        )
      }
    />
  );
}
