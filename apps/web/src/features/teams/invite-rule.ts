import { EMAIL_PATTERN, type SubscriptionType, type TeamPermission } from '@filestore/contract';

export interface Invite {
  email: string;
  permission: TeamPermission;
}

export interface MemberLimit {
  /** meta.limitations.max_team_members.total: -1 means unlimited. */
  total: number;
  /** Emails already counted: the people in the user's teams and their pending invitations. */
  allowedEmails: readonly string[];
}

const normal = (email: string) => email.trim().toLowerCase();

/**
 * Spec §5 invite rule: on a fixed plan, a new email is refused once the distinct invited emails
 * plus the allowed ones reached the maximum, unless it is already among them. Metered and no
 * plans, and a total of -1, never block. (The server checks the same; this says it at once.)
 */
export function blockedByLimit(
  email: string,
  pending: readonly string[],
  limit: MemberLimit | null,
  plan: SubscriptionType,
): boolean {
  if (!limit || plan !== 'fixed' || limit.total < 0) return false;
  const used = new Set([...limit.allowedEmails, ...pending].map(normal));
  return used.size >= limit.total && !used.has(normal(email));
}

export type InviteProblem = 'required' | 'email' | 'self' | 'duplicate' | 'limit';

/** What is wrong with adding `raw` to the invitations, if anything. */
export function inviteProblem(
  raw: string,
  {
    taken,
    ownEmail,
    limit,
    plan,
  }: { taken: readonly string[]; ownEmail: string | null; limit: MemberLimit | null; plan: SubscriptionType },
): InviteProblem | null {
  const email = raw.trim();
  if (!email) return 'required';
  if (!EMAIL_PATTERN.test(email)) return 'email';
  if (ownEmail && normal(ownEmail) === normal(email)) return 'self';
  if (taken.some((t) => normal(t) === normal(email))) return 'duplicate';
  if (blockedByLimit(email, taken, limit, plan)) return 'limit';
  return null;
}
