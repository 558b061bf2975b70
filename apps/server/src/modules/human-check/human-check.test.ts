import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, sealSetting } from '../settings/index.js';
import { humanCheckKeys, judge } from './human-check.js';
import { postSiteverify, SiteverifyDown } from './siteverify.js';

const expected = { action: 'login' as const, minScore: 0.5, hostname: 'files.example.test' };
const good = { success: true, action: 'login', score: 0.9, hostname: 'files.example.test' };

describe('judge', () => {
  it('passes a successful token of the action, site and enough score', () => {
    expect(judge(good, expected)).toBeNull();
    expect(judge({ ...good, score: 0.5 }, expected)).toBeNull();
    expect(judge({ ...good, hostname: 'FILES.example.test' }, expected)).toBeNull();
    expect(judge({ ...good, hostname: 'anything.example' }, { ...expected, hostname: null })).toBeNull();
  });

  it('refuses each way a token can be wrong', () => {
    expect(judge({ ...good, success: false }, expected)).toBe('invalid');
    expect(judge({ ...good, action: 'register' }, expected)).toBe('action');
    expect(judge({ success: true, score: 0.9, hostname: good.hostname }, expected)).toBe('action');
    expect(judge({ ...good, hostname: 'evil.example' }, expected)).toBe('hostname');
    expect(judge({ ...good, hostname: undefined }, expected)).toBe('hostname');
    expect(judge({ ...good, score: 0.49 }, expected)).toBe('score');
    expect(judge({ ...good, score: undefined }, expected)).toBe('score');
    expect(judge({ ...good, score: Number.NaN }, expected)).toBe('score');
  });
});

describe('humanCheckKeys', () => {
  const base = { ...defaultSettings(), app_key: 'base64:' + Buffer.alloc(32, 7).toString('base64') };
  const secret = sealSetting(base, 'recaptcha_client_secret', 's3cret');

  it('is on only when enabled with both keys, and hands over the opened secret', () => {
    const full = { ...base, allowed_recaptcha: true, recaptcha_client_id: ' site ', recaptcha_client_secret: secret };
    expect(humanCheckKeys(full)).toEqual({ siteKey: 'site', secret: 's3cret', minScore: 0.5 });
    expect(humanCheckKeys({ ...full, allowed_recaptcha: false })).toBeNull();
    expect(humanCheckKeys({ ...full, recaptcha_client_id: null })).toBeNull();
    expect(humanCheckKeys({ ...full, recaptcha_client_id: '  ' })).toBeNull();
    expect(humanCheckKeys({ ...full, recaptcha_client_secret: null })).toBeNull();
  });
});

describe('postSiteverify', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  });
  async function origin(handler: http.RequestListener): Promise<string> {
    server = http.createServer(handler);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  }

  it('posts the form and reads the JSON answer', async () => {
    let got = '';
    const url = await origin((req, res) => {
      req.setEncoding('utf8');
      req.on('data', (c: string) => (got += c));
      req.on('end', () => res.end(JSON.stringify(good)));
    });
    expect(await postSiteverify(url, { secret: 'a b', response: 't&k', remoteip: '::1' }, 1000)).toEqual(good);
    expect(Object.fromEntries(new URLSearchParams(got))).toEqual({ secret: 'a b', response: 't&k', remoteip: '::1' });
  });

  it('fails as down when nobody listens, too slow, too large or not siteverify', async () => {
    const closed = await origin(() => undefined);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    await expect(postSiteverify(closed, { secret: 's', response: 't' }, 1000)).rejects.toBeInstanceOf(SiteverifyDown);

    const slow = await origin(() => undefined);
    const started = Date.now();
    await expect(postSiteverify(slow, { secret: 's', response: 't' }, 200)).rejects.toBeInstanceOf(SiteverifyDown);
    expect(Date.now() - started).toBeLessThan(2000);
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));

    const big = await origin((_req, res) => res.end('x'.repeat(100_000)));
    await expect(postSiteverify(big, { secret: 's', response: 't' }, 1000)).rejects.toThrow(/64 KB/);
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));

    const noSuccess = await origin((_req, res) => res.end('{"score":1}'));
    await expect(postSiteverify(noSuccess, { secret: 's', response: 't' }, 1000)).rejects.toThrow(/success/);
  });
});
