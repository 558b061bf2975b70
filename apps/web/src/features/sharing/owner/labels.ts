import type { TFunction } from '../../../lib/i18n';
import { formatDate } from '../../../lib/dates';
import type { Share } from './sharing.api';

/** "Can view and download" / "Can edit, upload and delete": what a visitor of the link may do. */
export function permissionLabel(t: TFunction, share: Share): string {
  if (share.attributes.type === 'file') return t('sharing.permission_file');
  return share.attributes.permission === 'editor' ? t('sharing.permission_editor') : t('sharing.permission_visitor');
}

export function isExpired(share: Share, now = Date.now()): boolean {
  const at = share.attributes.expires_at;
  return at !== null && Date.parse(at) <= now;
}

/** "Expires 12 Jul 2026, 14:05", "Expired 3 Jul 2026, 09:00" or "Never expires" (`short`: no time). */
export function expiryLabel(t: TFunction, share: Share, style: 'short' | 'long' = 'long'): string {
  const at = share.attributes.expires_at;
  if (!at) return t('sharing.never_expires');
  const date = formatDate(at, style);
  return isExpired(share) ? t('sharing.expired_on', { date }) : t('sharing.expires_on', { date });
}
