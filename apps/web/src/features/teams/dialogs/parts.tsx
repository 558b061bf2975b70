import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { showAlert } from '../../../lib/popups';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { FolderIcon } from '../../files/browser/ItemIcon';
import { useUser } from '../../user/user.api';
import { inviteProblem, type Invite } from '../invite-rule';
import { InvitationsEditor, problemText, useMemberLimit, withDraft } from './InvitationsEditor';
import type { TeamTarget } from './store';

/** The parts the team popups share: their frame, the folder they are about, the invitations, the buttons. */

export const dialogClass = 'flex max-h-[min(46rem,calc(100dvh-2rem))] flex-col overflow-y-auto p-6';

const EMPTY_DRAFT: Invite = { email: '', permission: 'can_edit' };

/**
 * The new invitations of a popup (the editor's list, the email being typed and its problem).
 * `collect` gives what to send, with what is typed, or null (and the reason shown) if it can't be sent.
 */
export function useInvites(taken: readonly string[]) {
  const { data: user } = useUser();
  const { limit, plan } = useMemberLimit();
  const { t } = useTranslation();
  const [invites, setInvites] = useState<Invite[]>([]);
  const [draft, setDraft] = useState<Invite>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string>();
  const collect = (): Invite[] | null => {
    const result = withDraft(invites, draft, (email, list) =>
      inviteProblem(email, { taken: [...taken, ...list], ownEmail: user?.attributes.email ?? null, limit, plan }),
    );
    if ('problem' in result) {
      setProblem(problemText(t, result.problem, limit?.total ?? 0));
      return null;
    }
    if (result.invites.length !== invites.length) {
      setInvites(result.invites);
      setDraft({ ...EMPTY_DRAFT, permission: draft.permission });
    }
    return result.invites;
  };
  /** A refusal of the server: the member limit shows under the invitations, the rest as an alert titled `title`. */
  const refused = (title: string) => (caught: unknown) => {
    if (isApiError(caught, 'teams.member_limit')) {
      setProblem(t('teams.member_limit', { count: limit?.total ?? 0, defaultValue: caught.message }));
    } else if (
      isApiError(caught) &&
      caught.status === 422 &&
      Object.keys(caught.errors).some((k) => k.startsWith('invitations'))
    ) {
      setProblem(Object.values(caught.errors)[0]?.[0] ?? caught.message);
    } else showAlert(title, errorMessage(t, caught));
  };
  const editor = (
    <InvitationsEditor
      value={invites}
      onChange={setInvites}
      taken={taken}
      draft={draft}
      onDraftChange={setDraft}
      error={problem}
      onErrorChange={setProblem}
    />
  );
  return { collect, refused, editor };
}

export function FolderBadge({ folder }: { folder: TeamTarget }) {
  return (
    <div className="mt-5 flex items-center gap-3 rounded-xl bg-neutral-100 p-3 dark:bg-neutral-800/70">
      <FolderIcon color={folder.color} emoji={folder.emoji} size="sm" />
      <span className="min-w-0 truncate font-semibold text-neutral-900 dark:text-white">{folder.name}</span>
    </div>
  );
}

export function SectionTitle({ children, count }: { children: ReactNode; count?: number }) {
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

/** The buttons' row, in view at the bottom of a long, scrolling popup: Cancel and the submit button. */
export function StickyActions({
  submitLabel,
  pending,
  onCancel,
  bordered = false,
  children,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  bordered?: boolean;
  /** Before Cancel (the update popup's Dissolve). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        'sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-2 bg-white px-6 py-4 sm:flex-row sm:justify-end dark:bg-neutral-900',
        bordered && 'border-t border-neutral-200 sm:items-center dark:border-neutral-800',
      )}
    >
      {children}
      <Button variant="secondary" onClick={onCancel}>
        {t('files.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
