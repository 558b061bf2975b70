import { formatDate, useDisplayTimezone } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';

const HOUR_MS = 3_600_000;

/**
 * "Expires in 5 hours" within two days, else "Expires on 12 March, 14:00"; null for a link that
 * never expires. Read once per render: a page open for hours is not worth a ticking clock.
 */
export function useExpiryText(expiresAt: string | null): string | null {
  const { t } = useTranslation();
  useDisplayTimezone();
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at)) return null;
  const left = at - Date.now();
  if (left <= 0) return t('public.expires_now');
  if (left < HOUR_MS) return t('public.expires_in_minutes', { count: Math.max(1, Math.round(left / 60_000)) });
  if (left < 48 * HOUR_MS) return t('public.expires_in_hours', { count: Math.round(left / HOUR_MS) });
  return t('public.expires_on', { date: formatDate(at, 'soon') });
}
