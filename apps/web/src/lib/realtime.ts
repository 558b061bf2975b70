import { useEffect, useRef } from 'react';
import type { RealtimeEnvelope, RealtimeEventName, RealtimeEventPayload } from '@filestore/contract';

/**
 * The app's side of the websocket (issue 13): screens subscribe to events by name; the socket
 * connection (started once signed in) hands every envelope it receives to `dispatchRealtime`.
 * Envelopes carry the outbox id, which only grows: one already seen (a redelivery after a
 * dispatcher crashed between sending and marking) is dropped here, so no screen sees it twice.
 */
type Handler<N extends RealtimeEventName> = (payload: RealtimeEventPayload<N>, id: string) => void;

const handlers = new Map<RealtimeEventName, Set<Handler<never>>>();
/** The highest id seen. */
let lastId = 0n;
/**
 * The ids seen lately, and the highest one forgotten since: an event whose transaction committed
 * after a later one (a higher id) went out still arrives, once; only ids at or below the floor
 * are taken as seen without looking.
 */
const SEEN_MAX = 1000;
const seen = new Set<bigint>();
let floor = 0n;

export function onRealtime<N extends RealtimeEventName>(name: N, handler: Handler<N>): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Called by the socket connection for each event; false when the envelope was seen already. */
export function dispatchRealtime<N extends RealtimeEventName>(name: N, envelope: RealtimeEnvelope<N>): boolean {
  if (typeof envelope?.id !== 'string' || !/^\d+$/.test(envelope.id)) return false;
  const id = BigInt(envelope.id);
  if (id <= floor || seen.has(id)) return false;
  seen.add(id);
  if (seen.size > SEEN_MAX) {
    const oldest = seen.values().next().value as bigint;
    seen.delete(oldest);
    if (oldest > floor) floor = oldest;
  }
  if (id > lastId) lastId = id;
  for (const handler of handlers.get(name) ?? []) (handler as Handler<N>)(envelope.payload, envelope.id);
  return true;
}

/** The highest id seen: sent when reconnecting so the server resumes after it. */
export const lastRealtimeId = (): string => lastId.toString();

/**
 * The newest event id when the page first read the signed-in user (`meta.realtime_cursor`): the
 * socket's first connection names it, so what was written while the socket's client loaded still
 * arrives. Kept from the first read only: a later read may be newer than events not delivered yet.
 */
let cursor: string | undefined;
export function primeRealtimeCursor(value: string | undefined): void {
  if (cursor === undefined && lastId === 0n && value && /^\d+$/.test(value)) cursor = value;
}
export const realtimeCursor = (): string | undefined => cursor;

/** Forgets what was seen (signing out). */
export function resetRealtime(): void {
  cursor = undefined;
  lastId = 0n;
  floor = 0n;
  seen.clear();
}

/** Runs `handler` for each event `name` while the component is mounted (the latest handler). */
export function useRealtime<N extends RealtimeEventName>(name: N, handler: Handler<N>): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onRealtime(name, (payload, id) => latest.current(payload, id)), [name]);
}
