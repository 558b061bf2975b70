import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWithAdmin, startTestServer, type TestClient, type TestServer } from '../../../test/harness.js';

/**
 * LOCAL_DIRECT_WRITES=true (opt-in, ADR 0063) holds however local storage comes to be chosen: at start-up, in the
 * setup wizard, or by the administrator's storage switch (ADR 0055).
 */
describe('LOCAL_DIRECT_WRITES through a storage switch', () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ LOCAL_DIRECT_WRITES: 'true' });
  });
  afterAll(() => server.close());

  const directWrites = async () => {
    const res = await admin.get('/api/admin/status');
    expect(res.status).toBe(200);
    const entries = res.json().data.config as { key: string; value: unknown }[];
    return entries.find((e) => e.key === 'LOCAL_DIRECT_WRITES')?.value;
  };

  it('stays on after the wizard chooses local storage', async () => {
    const setup = await server.client().post('/api/setup/environment-setup', {
      storage: { driver: 'local' },
      mail: { driver: 'outbox' },
    });
    expect(setup.status).toBe(200);
    admin = await installWithAdmin(server);
    expect(await directWrites()).toBe('true');
  });

  it('stays on after the administrator switches to local storage', async () => {
    const res = await admin.request('PUT', '/api/admin/environment/storage', { driver: 'local' });
    expect(res.status).toBe(200);
    expect(await directWrites()).toBe('true');
  });
});
