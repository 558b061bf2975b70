import type { OutboxMessage } from './outbox.repository.js';

/** How many ids a connection remembers having sent; older redeliveries are below its floor. */
const REMEMBERED = 1024;

/**
 * What one connection was sent, so it never gets the same id twice: a floor (the last id its
 * client said it had seen when it connected, and ids forgotten since) and the recent ids above
 * it. While the events it missed are being read (`replaying`), live ones wait and follow them.
 */
export class ConnectionLedger {
  private floor: bigint;
  private readonly sent = new Set<string>();
  private waiting: OutboxMessage[] | null = null;

  constructor(
    lastSeen: bigint,
    private readonly emit: (message: OutboxMessage) => void,
  ) {
    this.floor = lastSeen;
  }

  /** Sends a message unless this connection had it already (or it is below the floor). */
  offer(message: OutboxMessage): void {
    if (this.waiting) {
      this.waiting.push(message);
      return;
    }
    const id = BigInt(message.id);
    if (id <= this.floor || this.sent.has(message.id)) return;
    this.sent.add(message.id);
    if (this.sent.size > REMEMBERED) {
      // A Set iterates in insertion order: the oldest goes, and the floor rises to it if needed.
      const oldest = this.sent.values().next().value as string;
      this.sent.delete(oldest);
      if (BigInt(oldest) > this.floor) this.floor = BigInt(oldest);
    }
    this.emit(message);
  }

  /** Holds live messages back until `replayed` sends what was missed, then the held ones in id order. */
  startReplay(): void {
    this.waiting ??= [];
  }

  replayed(missed: readonly OutboxMessage[]): void {
    const held = this.waiting ?? [];
    this.waiting = null;
    const all = [...missed, ...held].sort((a, b) => compareIds(a.id, b.id));
    for (const message of all) this.offer(message);
  }
}

function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
