import { io, type Socket } from 'socket.io-client';

/** One received event, as a test reads it. */
export interface Received {
  name: string;
  id: string;
  payload: unknown;
}

/** A Socket.IO client as the web app opens it, recording every event it receives. */
export class TestSocket {
  readonly received: Received[] = [];
  readonly socket: Socket;

  constructor(
    url: string,
    options: {
      cookie?: string;
      origin?: string;
      lastId?: string;
      after?: string;
      transports?: ('websocket' | 'polling')[];
    } = {},
  ) {
    this.socket = io(url, {
      path: '/socket.io',
      transports: options.transports ?? ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: {
        ...(options.lastId ? { lastId: options.lastId } : {}),
        ...(options.after ? { after: options.after } : {}),
      },
      extraHeaders: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.origin ? { origin: options.origin } : {}),
      },
    });
    this.socket.onAny((name: string, envelope: { id: string; payload: unknown }) => {
      this.received.push({ name, id: envelope.id, payload: envelope.payload });
    });
  }

  /** Resolves once connected; rejects with the server's refusal (`connect_error`). */
  connected(ms = 15_000): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) return resolve();
      const timer = setTimeout(() => reject(new Error('the socket did not connect')), ms);
      this.socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      this.socket.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /** Waits until `count` events (of `name`, when given) arrived. */
  async waitFor(count: number, name?: string, ms = 10_000): Promise<Received[]> {
    const started = Date.now();
    for (;;) {
      const events = this.received.filter((e) => !name || e.name === name);
      if (events.length >= count) return events;
      if (Date.now() - started > ms) {
        throw new Error(`got ${events.length} of ${count} events ${name ?? ''}: ${JSON.stringify(this.received)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  subscribe(channel: string): Promise<{ ok: boolean; channel?: string; error?: { code: string } }> {
    return this.socket.timeout(5_000).emitWithAck('subscribe', channel);
  }

  close(): void {
    this.socket.disconnect();
  }
}

export const sessionCookie = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
