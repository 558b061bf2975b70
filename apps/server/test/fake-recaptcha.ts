import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Google's siteverify on loopback (tests only). A token says what the fake answers:
 * `ok|<action>|<score>[|<hostname>]` passes with that action, score and host name (default
 * `files.example.test`); any other token answers `success: false, invalid-input-response`. A secret
 * other than `secret` answers `invalid-input-secret`, as Google does. `mode` makes it misbehave.
 */
export interface FakeSiteverify {
  url: string;
  /** Each form posted, as the fake read it. */
  requests: Record<string, string>[];
  mode: 'normal' | 'http-500' | 'not-json' | 'hang' | 'reset';
  close(): Promise<void>;
}

export const FAKE_SECRET = 'secret';
export const FAKE_HOSTNAME = 'files.example.test';

export async function startFakeSiteverify(): Promise<FakeSiteverify> {
  const fake: Omit<FakeSiteverify, 'url' | 'close'> = { requests: [], mode: 'normal' };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      fake.requests.push(form);
      if (fake.mode === 'hang') return;
      if (fake.mode === 'reset') return req.socket.destroy();
      if (fake.mode === 'http-500') return res.writeHead(500).end('oops');
      if (fake.mode === 'not-json') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (form.secret !== FAKE_SECRET) {
        return res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
      }
      const [kind, action, score, hostname] = (form.response ?? '').split('|');
      if (kind !== 'ok') return res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-response'] }));
      res.end(
        JSON.stringify({
          success: true,
          action,
          score: Number(score),
          hostname: hostname ?? FAKE_HOSTNAME,
          challenge_ts: new Date().toISOString(),
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
