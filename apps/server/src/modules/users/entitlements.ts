import type { BillingRestrictionReason, Restrictions } from '@filestore/contract';
import { GB } from '../../lib/format.js';
import type { Settings } from '../settings/index.js';
import type { UserRow } from './users.table.js';

/**
 * Whether storage is limited at all (reference §15.1): always under fixed plans (the plan sells
 * the space), never under metered billing (storage is paid for by the gigabyte), else as the
 * `storage_limitation` setting says.
 */
export function storageLimited(settings: Pick<Settings, 'subscription_type' | 'storage_limitation'>): boolean {
  if (settings.subscription_type === 'fixed') return true;
  if (settings.subscription_type === 'metered') return false;
  return settings.storage_limitation;
}

/** Capacity in bytes, or null when storage is unlimited. */
export function storageCapacity(user: Pick<UserRow, 'storageCapacity'>, settings: Settings): number | null {
  if (!storageLimited(settings)) return null;
  return user.storageCapacity ?? settings.default_max_storage_amount * GB;
}

/**
 * How many people a user may have in their teams (spec §5): -1 when nothing limits them. Only a
 * fixed subscription limits (metered and none never block); then the user's own limit, else the
 * `default_max_team_member` setting. Billing sets the user's limit from their plan later.
 */
export function teamMemberLimit(user: Partial<Pick<UserRow, 'maxTeamMembers'>>, settings: Settings): number {
  if (settings.subscription_type !== 'fixed') return -1;
  return user.maxTeamMembers ?? settings.default_max_team_member;
}

/**
 * The invite rule of spec §5: `used` are the emails already counted against the user (the other
 * people in their teams and their pending invitations, lower case), `adding` the emails they
 * invite. An email already among `used` never counts twice.
 */
export function mayAddTeamMembers(limit: number, used: readonly string[], adding: readonly string[]): boolean {
  if (limit === -1) return true;
  return new Set([...used, ...adding.map((e) => e.toLowerCase())]).size <= limit;
}

/** The restriction bar's text for each metered reason (reference §15.1). */
export const billingRestrictionReasons: Record<BillingRestrictionReason, string> = {
  limit_usage_in_new_accounts: 'Please make your first payment to cover your usage.',
  usage_bigger_than_balance: 'Please increase your account balance higher than your monthly usage.',
  failed_payments: 'Please update your credit card to pay your usage.',
};

/**
 * The one place that decides what a user may do now: the storage limit, the plan's team member
 * limit and, on metered billing, the dunning and failed payments (`billingRestriction`, kept by the
 * billing module, ADR 0045), which stop uploads, downloads, new folders and team folders and the
 * owner's public links until paid. Callers never look at plans themselves. `teamEmails`, when
 * given, are the emails counted against the member limit: then `canInviteTeamMembers` says whether
 * someone new fits (without them it is not decided here).
 */
export function restrictionsFor(
  user: Pick<UserRow, 'storageCapacity' | 'storageUsed'> &
    Partial<Pick<UserRow, 'maxTeamMembers' | 'billingRestriction'>>,
  settings: Settings,
  teamEmails?: readonly string[],
): Restrictions {
  const capacity = storageCapacity(user, settings);
  const full = capacity !== null && user.storageUsed >= capacity;
  const limit = teamMemberLimit(user, settings);
  const billing = settings.subscription_type === 'metered' ? (user.billingRestriction ?? null) : null;
  const open = billing === null;
  return {
    canUpload: open && !full,
    canDownload: open,
    canCreateFolder: open,
    canCreateTeamFolder: open,
    canInviteTeamMembers: teamEmails === undefined || limit === -1 || new Set(teamEmails).size < limit,
    canVisitShared: open,
    reason: billing
      ? billingRestrictionReasons[billing]
      : full
        ? 'You have reached your storage capacity. Free up space to upload again.'
        : null,
    reasonCode: billing,
  };
}
