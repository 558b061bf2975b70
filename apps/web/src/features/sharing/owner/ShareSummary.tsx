import { CalendarClock, KeyRound, Mail, UsersRound } from 'lucide-react';
import { useDisplayTimezone } from '../../../lib/dates';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { cn } from '../../../ui/cn';
import { expiryLabel, isExpired, permissionLabel } from './labels';
import type { Share } from './sharing.api';

function Line({ icon, children, tone }: { icon: ReactNode; children: ReactNode; tone?: 'danger' }) {
  return (
    <li
      className={cn(
        'flex items-start gap-2.5 text-sm leading-6',
        tone === 'danger' ? 'text-red-700 dark:text-red-400' : 'text-neutral-700 dark:text-neutral-300',
      )}
    >
      <span className="mt-1 shrink-0 text-neutral-400 dark:text-neutral-500" aria-hidden>
        {icon}
      </span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

/** What the link allows, at a glance: permission, password, expiry, and who got it by mail. */
export function ShareSummary({ share, sentTo }: { share: Share; sentTo?: number }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  return (
    <ul className="min-w-0 flex-1 space-y-2" aria-label={t('sharing.summary')}>
      <Line icon={<UsersRound className="size-4" />}>{permissionLabel(t, share)}</Line>
      <Line icon={<KeyRound className="size-4" />}>
        {share.attributes.protected ? t('sharing.password_on') : t('sharing.password_off')}
      </Line>
      <Line icon={<CalendarClock className="size-4" />} tone={isExpired(share) ? 'danger' : undefined}>
        {expiryLabel(t, share)}
      </Line>
      {sentTo ? <Line icon={<Mail className="size-4" />}>{t('sharing.sent_to', { count: sentTo })}</Line> : null}
    </ul>
  );
}
