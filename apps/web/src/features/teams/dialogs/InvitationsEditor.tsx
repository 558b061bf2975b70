import type { TeamPermission } from '@filestore/contract';
import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useConfig } from '../../../lib/config';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { useUser } from '../../user/user.api';
import { inviteProblem, type Invite, type InviteProblem, type MemberLimit } from '../invite-rule';

export const selectClass =
  'min-h-11 rounded-xl border border-neutral-300 bg-white px-3 pr-8 text-sm font-medium text-neutral-900 shadow-xs focus:border-accent focus:ring-4 focus:ring-accent/20 focus:outline-none dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

export function PermissionSelect({
  value,
  onChange,
  label,
  className,
}: {
  value: TeamPermission;
  onChange: (permission: TeamPermission) => void;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as TeamPermission)}
      className={cn(selectClass, className)}
    >
      <option value="can_edit">{t('teams.permission.can_edit')}</option>
      <option value="can_view">{t('teams.permission.can_view')}</option>
    </select>
  );
}

/** The user's member limit (spec §3 meta.limitations.max_team_members) and plan, for the §5 rule. */
export function useMemberLimit(): {
  limit: MemberLimit | null;
  plan: ReturnType<typeof useConfig>['subscriptionType'];
} {
  const { data: user } = useUser();
  const { subscriptionType } = useConfig();
  const raw = user?.meta.limitations.max_team_members;
  return {
    limit: raw ? { total: raw.total, allowedEmails: raw.meta.allowed_emails } : null,
    plan: subscriptionType,
  };
}

/**
 * New invitations: an email with its permission and Add (or Enter), then the list with each
 * one's permission and a remove button. `taken` are emails already in the team or invited.
 */
export function InvitationsEditor({
  value,
  onChange,
  taken = [],
  draft,
  onDraftChange,
  error,
  onErrorChange,
}: {
  value: Invite[];
  onChange: (invites: Invite[]) => void;
  taken?: readonly string[];
  /** The email being typed and its permission (owned by the popup, so Submit can add it). */
  draft: Invite;
  onDraftChange: (draft: Invite) => void;
  error: string | undefined;
  onErrorChange: (error: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { data: user } = useUser();
  const { limit, plan } = useMemberLimit();
  const [announce, setAnnounce] = useState('');

  const add = () => {
    const problem = inviteProblem(draft.email, {
      taken: [...taken, ...value.map((v) => v.email)],
      ownEmail: user?.attributes.email ?? null,
      limit,
      plan,
    });
    if (problem) {
      onErrorChange(problemText(t, problem, limit?.total ?? 0));
      return;
    }
    const email = draft.email.trim();
    onChange([...value, { email, permission: draft.permission }]);
    onDraftChange({ email: '', permission: draft.permission });
    onErrorChange(undefined);
    setAnnounce(t('teams.invite_added', { email }));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const limited = plan === 'fixed' && limit !== null && limit.total >= 0;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {t('teams.invite_people')}
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          {t('teams.invite_email')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder={t('teams.invite_placeholder')}
          value={draft.email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : limited ? `${id}-hint` : undefined}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            onDraftChange({ ...draft, email: e.target.value });
            if (error) onErrorChange(undefined);
          }}
          className={cn(
            'block min-h-11 w-full min-w-0 flex-1 rounded-xl border bg-white px-3.5 text-[15px] text-neutral-900 shadow-xs transition placeholder:text-neutral-400 focus:ring-4 focus:outline-none dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500',
            error
              ? 'border-red-500 focus:border-red-500 focus:ring-red-500/20 dark:border-red-400'
              : 'border-neutral-300 focus:border-accent focus:ring-accent/20 dark:border-neutral-700',
          )}
        />
        <div className="flex gap-2">
          <PermissionSelect
            label={t('teams.invite_permission')}
            value={draft.permission}
            onChange={(permission) => onDraftChange({ ...draft, permission })}
            className="flex-1 sm:flex-none"
          />
          <Button variant="secondary" onClick={add} icon={<Plus className="size-4" aria-hidden />}>
            {t('teams.invite_add')}
          </Button>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : limited ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-500 dark:text-neutral-400">
          {t('teams.limit_hint', { count: limit.total })}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {value.length > 0 && (
        <ul aria-label={t('teams.new_invitations')} className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {value.map((invite, index) => (
            <li key={invite.email} className="flex items-center gap-3 py-2">
              <span
                aria-hidden
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent/12 text-sm font-semibold text-accent-strong uppercase dark:bg-accent/20 dark:text-accent"
              >
                {invite.email.charAt(0)}
              </span>
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">
                {invite.email}
              </span>
              <PermissionSelect
                label={t('teams.permission_of', { name: invite.email })}
                value={invite.permission}
                onChange={(permission) => onChange(value.map((v, i) => (i === index ? { ...v, permission } : v)))}
                className="min-h-10 py-1"
              />
              <button
                type="button"
                aria-label={t('teams.invite_remove', { email: invite.email })}
                title={t('teams.invite_remove', { email: invite.email })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
              >
                <X className="size-4.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function problemText(
  t: (key: string, options?: Record<string, unknown>) => string,
  problem: InviteProblem,
  total: number,
): string {
  switch (problem) {
    case 'required':
      return t('teams.invite_required');
    case 'email':
      return t('validation.email');
    case 'self':
      return t('teams.invite_self');
    case 'duplicate':
      return t('teams.invite_duplicate');
    case 'limit':
      return t('teams.member_limit', { count: total });
  }
}

/**
 * Before submitting: the invitations with what is typed but not added yet. Null when that typed
 * email can't be invited (its reason is then shown under the field).
 */
export function withDraft(
  invites: Invite[],
  draft: Invite,
  check: (email: string, taken: string[]) => InviteProblem | null,
): { invites: Invite[] } | { problem: InviteProblem } {
  if (!draft.email.trim()) return { invites };
  const problem = check(
    draft.email,
    invites.map((i) => i.email),
  );
  if (problem) return { problem };
  return { invites: [...invites, { email: draft.email.trim(), permission: draft.permission }] };
}
