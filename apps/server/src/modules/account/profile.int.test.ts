import { TIMEZONE_OFFSETS } from '@filestore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { updateUser } from '../users/index.js';

type Settings = Record<string, unknown>;
const settingsOf = (body: { data: { relationships: { settings: { data: { attributes: Settings } } } } }) =>
  body.data.relationships.settings.data.attributes;

describe('the profile (issue 15 point 1)', () => {
  let server: TestServer;
  let user: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    user = await registerUser(server);
  });
  afterAll(() => server.close());

  const save = (name: string, value: unknown) => user.post('/api/user/settings', { name, value, _method: 'patch' });

  /** A refused value: 422 validation.failed with the message under the field's own name. */
  async function expectRefused(name: string, value: unknown) {
    const res = await save(name, value);
    expect(res.status, `${name}=${JSON.stringify(value)}`).toBe(422);
    const body = res.json();
    expect(body.code).toBe('validation.failed');
    expect(Object.keys(body.errors), `${name}=${JSON.stringify(value)}`).toEqual([name]);
    expect(body.errors[name][0]).toEqual(expect.any(String));
    return body.errors[name][0] as string;
  }

  it('saves each address field, trimmed, and shows it in the settings of the user resource', async () => {
    const values = {
      address: '  Dlouhá 12  ',
      state: 'Praha',
      city: 'Praha 1',
      postal_code: '110 00',
      country: 'cz',
      phone_number: '+420 (601) 123-456',
    };
    for (const [name, value] of Object.entries(values)) {
      const res = await user.request('PATCH', '/api/user/settings', { name, value });
      expect(res.status, name).toBe(200);
    }
    const settings = settingsOf((await user.get('/api/user')).json());
    expect(settings).toMatchObject({
      address: 'Dlouhá 12',
      state: 'Praha',
      city: 'Praha 1',
      postal_code: '110 00',
      country: 'CZ',
      phone_number: '+420 (601) 123-456',
    });
  });

  it('clears an address field with an empty value', async () => {
    expect((await save('state', 'Bohemia')).status).toBe(200);
    const res = await save('state', '');
    expect(res.status).toBe(200);
    expect(settingsOf(res.json()).state).toBeNull();
  });

  it('refuses each field’s bad values under the field’s name, and keeps the old value', async () => {
    const long = (n: number) => 'x'.repeat(n);
    await expectRefused('address', long(256));
    await expectRefused('address', 'Line one\nLine two');
    await expectRefused('address', { street: 'nope' });
    await expectRefused('state', long(101));
    // A NUL is refused before the route: under the field's name, and under `value` as the settings routes do.
    const nul = await save('state', 'Praha\u0000');
    expect(nul.status).toBe(422);
    expect(nul.json()).toMatchObject({ code: 'validation.failed', errors: { state: [expect.any(String)] } });
    await expectRefused('city', long(101));
    await expectRefused('city', 'Brno\u0085');
    await expectRefused('postal_code', long(17));
    await expectRefused('postal_code', '110<00>');
    await expectRefused('postal_code', '-11000');
    expect(await expectRefused('country', 'XX')).toMatch(/country/i);
    await expectRefused('country', 'Czechia');
    await expectRefused('country', 'CS'); // a withdrawn code the reference still lists
    await expectRefused('phone_number', 'call me maybe');
    await expectRefused('phone_number', '12');
    await expectRefused('phone_number', '+1 2345 6789 0123 4567 89');
    await expectRefused('phone_number', '++420601123456');
    await expectRefused('phone_number', '601-');
    await expectRefused('first_name', '');
    await expectRefused('last_name', long(101));
    // Names follow the contract's rule for every name: no control characters (issue 39, defect 3).
    await expectRefused('first_name', 'Ada\r\nBcc: x@example.com');
    await expectRefused('first_name', 'Ada\u0085');
    await expectRefused('last_name', 'Love\u0007lace');
    await expectRefused('theme_mode', 'purple');
    const settings = settingsOf((await user.get('/api/user')).json());
    expect(settings.city).toBe('Praha 1');
    expect(settings.country).toBe('CZ');
    expect(settings.phone_number).toBe('+420 (601) 123-456');
  });

  it('refuses a field off the allow-list with 422 naming it, and writes nothing', async () => {
    for (const name of ['role', 'avatar', 'user_id', 'storage_capacity', 'email', 'password_hash', '__proto__']) {
      const res = await save(name, 'admin');
      expect(res.status, name).toBe(422);
      const body = res.json();
      expect(body.code).toBe('validation.failed');
      expect(body.errors.name[0], name).toContain(`'${name}'`);
    }
    expect((await save(undefined as unknown as string, 'x')).status).toBe(422);
    expect((await user.post('/api/user/settings', { name: 'city' })).status).toBe(422);
    expect((await user.get('/api/user')).json().data.attributes.role).toBe('user');
  });

  it('stores a timezone only from the 32 offsets, normalising how it is written', async () => {
    expect(TIMEZONE_OFFSETS).toHaveLength(32);
    for (const [sent, stored] of [
      ['5.75', '5.75'],
      [5.5, '5.5'],
      ['-3.50', '-3.5'],
      ['+1', '1.0'],
      [-12, '-12.0'],
      ['12.0', '12.0'],
      ['0', '0.0'],
      ['6.5', '6.5'],
    ] as const) {
      const res = await save('timezone', sent);
      expect(res.status, String(sent)).toBe(200);
      expect(settingsOf(res.json()).timezone, String(sent)).toBe(stored);
    }
    for (const bad of ['13.0', '-12.5', '5.25', '2.5', 'Europe/Prague', 'UTC+1', '1e1', 'NaN', 14, 5.74, true]) {
      expect(await expectRefused('timezone', bad)).toMatch(/time zone/i);
    }
    expect(settingsOf((await user.get('/api/user')).json()).timezone).toBe('6.5');
    const cleared = await save('timezone', '');
    expect(cleared.status).toBe(200);
    expect(settingsOf(cleared.json()).timezone).toBeNull();
  });

  it('reads a timezone written before the list was enforced as not chosen', async () => {
    const id = await userIdOf(server, 'user@example.com');
    await updateUser(server.ctx.db, id, { timezone: 'Europe/Prague' });
    expect(settingsOf((await user.get('/api/user')).json()).timezone).toBeNull();
    await updateUser(server.ctx.db, id, { timezone: '5.50' });
    expect(settingsOf((await user.get('/api/user')).json()).timezone).toBe('5.5');
  });

  it('keeps timestamps in responses as ISO instants whatever the timezone', async () => {
    expect((await save('timezone', '5.75')).status).toBe(200);
    const me = (await user.get('/api/user')).json().data.attributes;
    expect(me.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
