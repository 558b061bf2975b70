import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  postMultipart,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';

// C1 controls (NEL among them) and DEL; C0 ones were refused before.
const CONTROLS = ['\u0085', '\u0080', '\u009f', '\u007f', '\u0000', '\u001f'];

describe('names never hold C0 or C1 control characters', () => {
  let server: TestServer;
  let owner: TestClient;
  let ownerId: string;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    ownerId = await userIdOf(server, 'admin@example.com');
  });
  afterAll(() => server.close());

  const folderCount = async () =>
    (await owner.get('/api/browse/folders/all?per_page=200')).json().data.length as number;

  it('refuses them in folder names, renames, upload names and paths, and upload request names', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Plain' });
    const before = await folderCount();
    for (const c of CONTROLS) {
      const name = `line${c}break`;
      const attempts = [
        owner.post('/api/create-folder', { name }),
        owner.request('PATCH', `/api/rename/${folder.id}`, { name, type: 'folder' }),
        owner.post('/api/file-request', { name }),
        postMultipart(
          server,
          owner,
          '/api/upload/chunks',
          { name, is_last_chunk: true },
          { content: Buffer.from('x') },
        ),
        postMultipart(
          server,
          owner,
          '/api/upload/chunks',
          { name: 'a.txt', path: `/${name}/a.txt`, is_last_chunk: true },
          { content: Buffer.from('x') },
        ),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status, `${JSON.stringify(c)}: ${res.body}`).toBe(422);
        expect(res.json().code).toBe('validation.failed');
      }
    }
    expect(await folderCount()).toBe(before);
    // Letters right after the C1 block and the no-break space are names like any other.
    const fine = await owner.post('/api/create-folder', { name: '\u00a0¡Olé\u00a0' });
    expect(fine.status).toBe(201);
  });

  it('refuses them in people’s names', async () => {
    for (const c of CONTROLS) {
      const register = await server.client().post('/api/register', {
        name: `Eve${c}`,
        email: 'eve@example.com',
        password: 'eve-password-1',
        password_confirmation: 'eve-password-1',
      });
      expect(register.status).toBe(422);
      for (const name of ['first_name', 'last_name']) {
        const res = await owner.request('PATCH', '/api/user/settings', { name, value: `Ada${c}` });
        expect(res.status, `${name} ${JSON.stringify(c)}`).toBe(422);
      }
    }
    expect((await owner.get('/api/user')).json().data.attributes.name).toBe('Ada Admin');
  });
});
