import { appConfig } from '@filestore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWithAdmin, startTestServer, type TestServer } from '../../../test/harness.js';

describe('GET /api/config', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('describes the real socket endpoint, and holds nothing the contract does not declare', async () => {
    const before = (await server.client().get('/api/config')).json<Record<string, unknown>>();
    expect(before.broadcasting).toEqual({
      driver: 'socket.io',
      path: '/socket.io',
      authEndpoint: '/broadcasting/auth',
    });
    expect(() => appConfig.strict().parse(before)).not.toThrow();

    const admin = await installWithAdmin(server);
    const after = (await admin.get('/api/config')).json<Record<string, unknown>>();
    expect(after.broadcasting).toEqual(before.broadcasting);
    expect(() => appConfig.strict().parse(after)).not.toThrow();
  });
});
