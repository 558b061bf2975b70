import type { RealtimeEventName, RealtimeEventPayload } from '@filestore/contract';
import type { Db } from '../../lib/db/database.js';
import { outboxEvents } from './outbox.table.js';

/**
 * Writes an event for each user into the outbox, in the caller's transaction: it reaches their
 * sockets only if that transaction commits (the `outbox_events` trigger wakes the dispatchers).
 */
export async function publishEvent<N extends RealtimeEventName>(
  db: Db,
  userIds: readonly string[],
  name: N,
  payload: RealtimeEventPayload<N>,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db.insert(outboxEvents).values(unique.map((userId) => ({ userId, name, payload })));
}

/** Events of one name with a payload of their own per user, in one insert (a batch touching several owners). */
export async function publishEach<N extends RealtimeEventName>(
  db: Db,
  name: N,
  events: readonly { userId: string; payload: RealtimeEventPayload<N> }[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(outboxEvents).values(events.map(({ userId, payload }) => ({ userId, name, payload })));
}

// `items.changed` is published by the files module (`publishItemsChanged`): it alone knows who sees a
// folder (its owner and, in a team folder, every member; ADR 0029).
