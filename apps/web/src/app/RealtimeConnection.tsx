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
  // By value: the configuration is fetched again (a language switch, say), and a socket is not
  // closed and opened again for an equal one.
  const path = broadcasting?.path;
  const authEndpoint = broadcasting?.authEndpoint;
  useEffect(() => {
    if (!authenticated || !path || authEndpoint === undefined) return;
    let cancelled = false;
    afterFirstScreen(() => {
      if (!cancelled)
        void startRealtime({ driver: 'socket.io', path, authEndpoint }, () => useSession.getState().markUnauthorised());
    });
    return () => {
      cancelled = true;
      stopRealtime();
    };
  }, [authenticated, path, authEndpoint]);
  useLiveListings();
  return null;
}
