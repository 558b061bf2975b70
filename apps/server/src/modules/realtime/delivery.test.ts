import { describe, expect, it } from 'vitest';
import { ConnectionLedger } from './delivery.js';
import type { OutboxMessage } from './outbox.repository.js';

const message = (id: number): OutboxMessage => ({
  id: String(id),
  userId: 'u',
  name: 'websocket.test',
  payload: { at: String(id) },
});

describe('a connection’s ledger', () => {
  it('sends each id once, and nothing at or below the id the client had seen', () => {
    const sent: string[] = [];
    const ledger = new ConnectionLedger(5n, (m) => sent.push(m.id));
    for (const id of [4, 5, 6, 7, 6, 8, 7]) ledger.offer(message(id));
    expect(sent).toEqual(['6', '7', '8']);
  });

  it('still sends an id below one it sent (a transaction that committed later), once', () => {
    const sent: string[] = [];
    const ledger = new ConnectionLedger(0n, (m) => sent.push(m.id));
    for (const id of [10, 9, 9, 10]) ledger.offer(message(id));
    expect(sent).toEqual(['10', '9']);
  });

  it('holds live events while the missed ones are read, then sends all in id order without repeats', () => {
    const sent: string[] = [];
    const ledger = new ConnectionLedger(2n, (m) => sent.push(m.id));
    ledger.startReplay();
    ledger.offer(message(6));
    ledger.offer(message(5));
    expect(sent).toEqual([]);
    ledger.replayed([message(3), message(4), message(5)]);
    expect(sent).toEqual(['3', '4', '5', '6']);
  });

  it('forgets the oldest ids past its memory, and raises its floor to them', () => {
    const sent: string[] = [];
    const ledger = new ConnectionLedger(0n, (m) => sent.push(m.id));
    for (let id = 1; id <= 1100; id++) ledger.offer(message(id));
    ledger.offer(message(1)); // forgotten, but below the floor now
    ledger.offer(message(1100)); // remembered
    expect(sent).toHaveLength(1100);
  });
});
