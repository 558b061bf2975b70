import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { shareResource } from '@filestore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestServer,
} from '../../../test/harness.js';

/**
 * Password guesses sent all at once, over real connections, must not get more checks than the
 * limit allows: each attempt is counted before its password is checked (issue 12, item 4). A
 * wrong password that was checked answers 422 (sign-in) or 401 (share link); one that was not
 * checked answers 429. Run on the in-process limiter, and on Redis when TEST_REDIS_URL is set.
 */
const limiters: { name: string; env: Record<string, string> }[] = [
  { name: 'in-process', env: {} },
  ...(process.env.TEST_REDIS_URL ? [{ name: 'Redis', env: { REDIS_URL: process.env.TEST_REDIS_URL } }] : []),
];

describe.each(limiters)('parallel password guesses ($name limiter)', ({ env }) => {
  let server: TestServer;
  let base: string;
  // The test Redis is shared: names and addresses unique to this run keep its keys apart.
  const run = randomBytes(6).toString('hex');
  const email = `victim-${run}@example.com`;
  const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  beforeAll(async () => {
    server = await startTestServer(env);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    await installWithAdmin(server, `admin-${run}@example.com`);
    await registerUser(server, email, 'the-right-password', ip);
  });
  afterAll(() => server.close());

  /** Fires `count` POSTs at once, each on its own connection, and tallies their statuses. */
  async function burst(url: string, body: unknown, count: number): Promise<Map<number, number>> {
    const xsrf = randomBytes(16).toString('hex');
    const statuses = await Promise.all(
      Array.from({ length: count }, async () => {
        const res = await fetch(base + url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            cookie: `XSRF-TOKEN=${xsrf}`,
            'x-xsrf-token': xsrf,
            connection: 'close',
          },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const tally = new Map<number, number>();
    for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
    return tally;
  }

  it('checks at most 5 of 200 wrong sign-ins sent at once; the others answer 429', async () => {
    const tally = await burst('/api/login', { email, password: 'a wrong guess' }, 200);
    expect(Object.fromEntries(tally)).toEqual({ 422: 5, 429: 195 });
    // The right password is not even checked now: the window is spent.
    const late = await burst('/api/login', { email, password: 'the-right-password' }, 1);
    expect(Object.fromEntries(late)).toEqual({ 429: 1 });
  });

  it('checks at most 5 of 40 wrong share passwords sent at once; the others answer 429', async () => {
    const owner = await registerUser(server, `owner-${run}@example.com`, 'owner-password-1', ip);
    const folder = await seedFolder(server, await userIdOf(server, `owner-${run}@example.com`), { name: 'Locked' });
    const created = await owner.post('/api/share', {
      id: folder.id,
      type: 'folder',
      isPassword: true,
      password: 'open sesame',
    });
    expect(created.status, created.body).toBe(201);
    const token = shareResource.parse(created.json()).data.attributes.token;
    const tally = await burst(`/api/sharing/authenticate/${token}`, { password: 'a wrong guess' }, 40);
    expect(Object.fromEntries(tally)).toEqual({ 401: 5, 429: 35 });
  });
});
