import type { BroadcastingConfig, RealtimeEnvelope, RealtimeEventName } from '@filestore/contract';
import { dispatchRealtime, lastRealtimeId, realtimeCursor, resetRealtime } from './realtime';

/**
 * The signed-in user's socket (issue 13): opened once signed in, after the first screen (the
 * client is its own chunk), closed on sign-out. It reconnects on its own with a growing, jittered
 * delay; each (re)connection names the last event id seen, and the server sends what was missed
 * since. A refused handshake (the session ended) is not retried.
 */
type ClientSocket = import('socket.io-client').Socket;

let socket: ClientSocket | null = null;
let starting: Promise<void> | null = null;
let startingGeneration = 0;
let generation = 0;

export function startRealtime(broadcasting: BroadcastingConfig, onRefused?: () => void): Promise<void> {
  if (socket) return Promise.resolve();
  // A start still loading its client counts only if nothing stopped it since: one stopped while
  // loading opens nothing, so answering it would leave this start without a socket.
  if (starting && startingGeneration === generation) return starting;
  const mine = ++generation;
  startingGeneration = mine;
  const started: Promise<void> = import('socket.io-client')
    .then(({ io }) => {
      if (mine !== generation) return; // stopped while loading
      const next = io({
        path: broadcasting.path,
        // WebSocket first (one connection, nothing left pending); long-polling where it is blocked.
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        withCredentials: true,
        reconnectionDelay: 1_000,
        reconnectionDelayMax: 30_000,
        randomizationFactor: 0.5,
        auth: (send) => send({ lastId: lastRealtimeId(), after: realtimeCursor() }),
      });
      next.onAny((name: string, envelope: RealtimeEnvelope) => {
        if (name === SESSION_ENDED) return;
        dispatchRealtime(name as RealtimeEventName, envelope);
      });
      // The session was signed out elsewhere or revoked: the server closed the socket.
      next.on(SESSION_ENDED, () => {
        stopRealtime();
        onRefused?.();
      });
      next.on('connect_error', (error: Error & { data?: { code?: string } }) => {
        if (error.data?.code === 'auth.unauthenticated') {
          stopRealtime();
          onRefused?.();
        }
      });
      socket = next;
    })
    .catch(() => undefined)
    .finally(() => {
      if (starting === started) starting = null;
    });
  starting = started;
  return started;
}

/** Sent by the server before it closes a socket whose session ended. */
const SESSION_ENDED = 'session.ended';

/** Closes the socket and forgets the ids seen (signing out). */
export function stopRealtime(): void {
  generation++;
  socket?.disconnect();
  socket = null;
  resetRealtime();
}

/** Resolves once the socket is connected (at once if it is), or false after `ms`. */
export async function whenRealtimeConnected(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (socket?.connected) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return socket?.connected ?? false;
}
