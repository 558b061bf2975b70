import { useEffect } from 'react';
import { useLiveListings } from '../features/files/live';
import { useConfig } from '../lib/config';
import { afterFirstScreen } from '../lib/idle';
import { useSession } from '../lib/session';
import { startRealtime, stopRealtime } from '../lib/socket';

/**
 * The socket of a signed-in user: opened once the first screen has settled (its client is a
 * chunk of its own), closed when the session ends; and the screens' live refresh it feeds.
 */
export function RealtimeConnection() {
  const authenticated = useSession((s) => s.authenticated);
  const { broadcasting } = useConfig();
  useEffect(() => {
    if (!authenticated || !broadcasting) return;
    let cancelled = false;
    afterFirstScreen(() => {
      if (!cancelled) void startRealtime(broadcasting, () => useSession.getState().markUnauthorised());
    });
    return () => {
      cancelled = true;
      stopRealtime();
    };
  }, [authenticated, broadcasting]);
  useLiveListings();
  return null;
}
