import type { UserSession } from '@filestore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone, Tablet, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import { errorMessage } from '../../lib/forms';
import { translator, useTranslation, type TFunction } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { endOtherSessions, endSession, sessionsQueryKey, useSessions } from './security.api';

const icons = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, unknown: MonitorSmartphone };

/** "Firefox 132 on Windows 10", or what part of it is known. */
function sessionName(t: TFunction, session: UserSession): string {
  const browser = session.browser ?? t('user.sessions.unknown_browser');
  return session.os ? t('user.sessions.on_os', { browser, os: session.os }) : browser;
}

/** "Active now" within two minutes (last seen moves once a minute), else "Last active 5 minutes ago". */
function lastSeen(t: TFunction, iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (seconds > -120) return t('user.sessions.active_now');
  const format = new Intl.RelativeTimeFormat(translator.language, { numeric: 'auto' });
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, size]) => -seconds >= size) ?? ['minute', 60];
  return t('user.sessions.last_seen', { when: format.format(Math.round(seconds / size), unit) });
}

/** The browsers and devices signed in to the account, with "sign out" for each and for all others. */
export function SessionsCard() {
  const { t } = useTranslation();
  useDisplayTimezone();
  const client = useQueryClient();
  const { data: sessions, error, isPending } = useSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions?.filter((s) => !s.current) ?? [];
  const now = Date.now();

  const run = async (key: string, work: () => Promise<string>) => {
    setBusy(key);
    try {
      toast.success(await work());
    } catch (caught) {
      toast.error(errorMessage(t, caught));
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: sessionsQueryKey });
    }
  };

  return (
    <Card
      title={t('user.sessions.title')}
      description={t('user.sessions.description')}
      footer={
        sessions && (
          <>
            {others.length === 0 && (
              <p className="mr-auto text-sm text-neutral-500 dark:text-neutral-400">{t('user.sessions.only_this')}</p>
            )}
            <Button
              variant="secondary"
              disabled={others.length === 0}
              loading={busy === 'others'}
              onClick={() =>
                void run('others', async () => {
                  const { ended } = await endOtherSessions();
                  return t('user.sessions.signed_out_others', { count: ended });
                })
              }
            >
              {t('user.sessions.sign_out_others')}
            </Button>
          </>
        )
      }
    >
      {isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('common.loading')} />
        </div>
      ) : error || !sessions ? (
        <Notice tone="error">{t('user.sessions.load_failed')}</Notice>
      ) : (
        <ul className="-my-3 divide-y divide-neutral-200 dark:divide-neutral-800" aria-label={t('user.sessions.title')}>
          {sessions.map((session) => {
            const Icon = icons[session.device];
            const name = sessionName(t, session);
            return (
              <li key={session.id} className="flex items-center gap-3 py-3" data-testid="session">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
                  <Icon className="size-5" aria-hidden />
                  <span className="sr-only">{t(`user.sessions.device.${session.device}`)}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-neutral-900 dark:text-white">
                    <span className="truncate">{name}</span>
                    {session.current && (
                      <span className="rounded-full bg-accent/12 px-2 py-0.5 text-xs font-semibold text-accent-strong dark:bg-accent/15 dark:text-accent">
                        {t('user.sessions.this_device')}
                      </span>
                    )}
                  </p>
                  <p className="text-sm break-words text-neutral-600 dark:text-neutral-400">
                    {session.ip ?? t('user.sessions.unknown_address')} ·{' '}
                    <time dateTime={session.last_seen_at} title={formatDate(session.last_seen_at, 'long')}>
                      {session.current ? t('user.sessions.active_now') : lastSeen(t, session.last_seen_at, now)}
                    </time>
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="ghost"
                    className="shrink-0"
                    aria-label={t('user.sessions.sign_out_named', { name })}
                    loading={busy === session.id}
                    disabled={busy !== null && busy !== session.id}
                    onClick={() =>
                      void run(session.id, async () => {
                        await endSession(session.id);
                        return t('user.sessions.signed_out');
                      })
                    }
                  >
                    {t('user.sessions.sign_out')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
