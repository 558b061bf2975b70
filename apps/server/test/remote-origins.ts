import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { RemoteNetwork } from '../src/modules/remote-uploads/index.js';

/**
 * Test helpers (imported by tests only): an origin on loopback the remote upload may reach, a
 * loopback "target" it must never reach, and a guard that fails any socket opened off loopback.
 */

export interface Origin {
  port: number;
  url(path: string): string;
  requests: string[];
  close(): Promise<void>;
}

export async function listen(
  handler: http.RequestListener,
  host = '127.0.0.1',
): Promise<{ server: http.Server; port: number; connections: () => number }> {
  const server = http.createServer(handler);
  let connections = 0;
  server.on('connection', () => connections++);
  server.listen(0, host);
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections };
}

export async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** The test resolver: names the tests use, and nothing else (an unknown name fails, it never reaches DNS). */
export function testNetwork(names: Record<string, string[]>, allowed: string[]): RemoteNetwork {
  return {
    resolve: async (hostname) => {
      const found = names[hostname.toLowerCase()];
      if (!found) throw new Error(`the test resolver does not know ${hostname}`);
      return found;
    },
    allowed: new Set(allowed),
  };
}

const isLoopback = (host: string) =>
  net.isIP(host) !== 0 && (/^127\./.test(host) || host === '::1' || /^::ffff:127\./i.test(host));

/**
 * Wraps `net.Socket.prototype.connect`: a connection to anything but a loopback address is never
 * made (it throws) and is recorded, so a test can assert none was attempted.
 */
export function guardConnections(): { attempts: string[]; restore(): void } {
  const attempts: string[] = [];
  const original = Reflect.get(net.Socket.prototype, 'connect') as (...a: unknown[]) => net.Socket;
  net.Socket.prototype.connect = function guarded(this: net.Socket, ...args: unknown[]) {
    // net.connect passes its normalised arguments as one array.
    const list = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    const first = list[0] as { host?: string; port?: number; path?: string } | number | string | undefined;
    let target: { host: string; port: unknown } | null = null;
    if (typeof first === 'object' && first && !first.path)
      target = { host: first.host ?? 'localhost', port: first.port };
    else if (typeof first === 'number')
      target = { host: typeof list[1] === 'string' ? list[1] : 'localhost', port: first };
    if (target && !isLoopback(target.host)) {
      attempts.push(`${target.host}:${String(target.port)}`);
      // Fails as a refused connection would, without a packet sent.
      process.nextTick(() => this.destroy(new Error(`test guard: a socket to ${target.host} was about to be opened`)));
      return this;
    }
    return original.apply(this, args);
  };
  return { attempts, restore: () => void Reflect.set(net.Socket.prototype, 'connect', original) };
}
