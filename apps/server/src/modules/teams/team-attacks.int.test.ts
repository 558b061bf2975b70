import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  postMultipart,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { items, teamFolders, teamMembers } from '../../../test/tables.js';
import { writeSettings } from '../settings/index.js';

/**
 * An outsider's and a malicious member's attempts on team folders (ADR 0029) that the other suites
 * do not make: upload sessions outliving a permission, parents leaking through other listings,
 * nesting through trashed team folders, and ids outside the team.
 */
describe('team folders under attack', () => {
  let server: TestServer;
  const c: Record<string, TestClient> = {};
  const id: Record<string, string> = {};
  const db = () => server.ctx.db;

  async function makeTeam() {
    const above = await seedFolder(server, id.owner!, { name: `Secret above ${randomUUID().slice(0, 6)}` });
    const team = await seedFolder(server, id.owner!, { name: `Team ${randomUUID().slice(0, 6)}`, parentId: above.id });
    const sub = await seedFolder(server, id.owner!, { name: 'Sub', parentId: team.id });
    await db().insert(teamFolders).values({ folderId: team.id, ownerId: id.owner! });
    await db()
      .insert(teamMembers)
      .values([
        { folderId: team.id, userId: id.editor!, permission: 'can_edit' },
        { folderId: team.id, userId: id.viewer!, permission: 'can_view' },
      ]);
    return { above, team, sub };
  }
  const chunk = (
    who: TestClient,
    parentId: string,
    uploadId: string,
    offset: number,
    size: number,
    content: Buffer,
    last: boolean,
  ) =>
    postMultipart(
      server,
      who,
      '/api/upload/chunks',
      {
        name: 'big.bin',
        parent_id: parentId,
        upload_id: uploadId,
        offset,
        size,
        chunk_size: 5 * 1024 * 1024,
        is_last_chunk: last ? 1 : 0,
      },
      { content },
    );

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    for (const r of ['owner', 'editor', 'viewer', 'stranger']) {
      c[r] = await registerUser(server, `${r}@example.com`);
      id[r] = await userIdOf(server, `${r}@example.com`);
    }
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
  });
  afterAll(() => server?.close());

  for (const how of ['downgrade', 'remove'] as const) {
    it(`ends a member’s chunked upload at its next chunk after a ${how}, storing nothing`, async () => {
      const t = await makeTeam();
      const size = 5 * 1024 * 1024 + 10;
      const up = randomUUID();
      const first = await chunk(c.editor!, t.sub.id, up, 0, size, Buffer.alloc(5 * 1024 * 1024, 1), false);
      expect(first.status, first.body).toBe(200);
      const members = how === 'downgrade' ? [{ id: id.editor, permission: 'can_view' }] : [];
      const p = await c.owner!.request('PATCH', `/api/teams/folders/${t.team.id}`, { members, invitations: [] });
      expect(p.status, p.body).toBe(200);
      const last = await chunk(c.editor!, t.sub.id, up, 5 * 1024 * 1024, size, Buffer.alloc(10, 2), true);
      expect(last.status, last.body).toBe(how === 'downgrade' ? 403 : 404);
      const rows = await db().select().from(items).where(eq(items.parentId, t.sub.id));
      expect(rows).toEqual([]);
    });
  }

  it('never names the owner’s folders above the team folder to a member, in any listing', async () => {
    const t = await makeTeam();
    const s = await c.viewer!.get(`/api/search?query=${encodeURIComponent(t.team.name)}`);
    expect(s.status).toBe(200);
    expect(s.body).toContain(t.team.id);
    expect(s.body).not.toContain(t.above.id);
    expect((await c.viewer!.post('/api/favourites', { ids: [t.team.id] })).status).toBe(201);
    const u = await c.viewer!.get('/api/user');
    expect(u.body).not.toContain(t.above.id);
    expect(u.body).not.toContain(t.above.name);
    const n = await c.viewer!.get('/api/notifications');
    expect(n.body).not.toContain(t.above.id);
    const tree = await c.viewer!.get(`/api/teams/folders/${t.team.id}/tree`);
    expect(tree.body).not.toContain(t.above.id);
    const shared = await c.viewer!.get(`/api/teams/shared-with-me/all`);
    expect(shared.body).not.toContain(t.above.id);
    const b = await c.viewer!.get(`/api/browse/folders/${t.sub.id}`);
    expect(b.body).not.toContain(t.above.id);
    const b2 = await c.viewer!.get(`/api/browse/folders/${t.team.id}`);
    expect(b2.body).not.toContain(t.above.id);
    const latest = await c.viewer!.get(`/api/browse/latest`);
    expect(latest.body).not.toContain(t.above.id);
  });

  it('refuses moving a folder holding a trashed team folder into a team, by name or select all', async () => {
    const t = await makeTeam();
    const holder = await seedFolder(server, id.owner!, { name: 'Holder' });
    const inner = await seedFolder(server, id.owner!, { name: 'InnerTeam', parentId: holder.id });
    await db().insert(teamFolders).values({ folderId: inner.id, ownerId: id.owner! });
    expect((await c.owner!.post('/api/remove', { items: [{ id: inner.id, type: 'folder' }] })).status).toBe(200);
    const res = await c.owner!.post('/api/move', { to_id: t.sub.id, items: [{ id: holder.id, type: 'folder' }] });
    expect(res.status, res.body).toBe(409);
    // all_in variant
    const outer = await seedFolder(server, id.owner!, { name: 'Outer' });
    const holder2 = await seedFolder(server, id.owner!, { name: 'Holder2', parentId: outer.id });
    const inner2 = await seedFolder(server, id.owner!, { name: 'InnerTeam2', parentId: holder2.id });
    await db().insert(teamFolders).values({ folderId: inner2.id, ownerId: id.owner! });
    const res2 = await c.owner!.post('/api/move', { to_id: t.sub.id, all_in: outer.id, except: [] });
    expect(res2.status, res2.body).toBe(409);
  });

  it('refuses a folder whose trashed team folder would nest on restore', async () => {
    const t = await makeTeam();
    const p = await seedFolder(server, id.owner!, { name: 'P' });
    const u = await seedFolder(server, id.owner!, { name: 'U', parentId: p.id });
    await db().insert(teamFolders).values({ folderId: u.id, ownerId: id.owner! });
    expect((await c.owner!.post('/api/remove', { items: [{ id: u.id, type: 'folder' }] })).status).toBe(200);
    const mv = await c.owner!.post('/api/move', { to_id: t.sub.id, items: [{ id: p.id, type: 'folder' }] });
    expect(mv.status, mv.body).toBe(409);
    expect(mv.json().code).toBe('teams.nested');
  });

  it('refuses a member every id outside the team, whatever the endpoint, changing nothing', async () => {
    const t = await makeTeam();
    const priv = await seedFile(server, id.owner!, { name: 'private.txt', parentId: t.above.id });
    const inTeam = await seedFile(server, id.owner!, { name: 'in.txt', parentId: t.sub.id });
    expect((await c.editor!.get(`/api/zip?items=${inTeam.id}|file,${priv.id}|file`)).status).toBe(404);
    expect((await c.editor!.post('/api/zip', { items: `${inTeam.id}|file,${priv.id}|file` })).status).toBe(404);
    expect((await c.editor!.post('/api/zip', { all_in: t.above.id, except: '' })).status).toBe(404);
    expect((await c.editor!.post('/api/favourites', { ids: [priv.id] })).status).toBe(404);
    expect((await c.editor!.post('/api/favourites', { ids: [t.above.id] })).status).toBe(404);
    const cf = await c.editor!.post('/api/create-folder', { name: 'x', parent_id: t.above.id });
    expect(cf.status).toBe(404);
    const up = await postMultipart(
      server,
      c.editor!,
      '/api/upload/chunks',
      { name: 'a.txt', parent_id: t.above.id, is_last_chunk: 1 },
      { content: Buffer.from('x') },
    );
    expect(up.status).toBe(404);
    const up2 = await postMultipart(
      server,
      c.editor!,
      '/api/upload/chunks',
      { name: 'a.txt', parent_id: t.team.id, path: '../../x', is_last_chunk: 1 },
      { content: Buffer.from('x') },
    );
    expect(up2.status).toBe(422);
    const mine = await seedFolder(server, id.editor!, { name: 'Mine' });
    const mv = await c.editor!.post('/api/move', { to_id: t.sub.id, all_in: mine.id, except: [] });
    expect(mv.status).toBe(403);
    const mv2 = await c.editor!.post('/api/move', { to_id: mine.id, all_in: t.team.id, except: [] });
    expect(mv2.status).toBe(403);
    const mv3 = await c.editor!.post('/api/move', { to_id: t.sub.id, all_in: t.above.id, except: [] });
    expect(mv3.status).toBe(404);
    const rows = await db().select().from(items).where(eq(items.parentId, t.above.id));
    expect(rows.map((r) => r.name).sort()).toEqual([t.team.name, 'private.txt'].sort());
  });

  it('refuses a viewer every write and a member every change of the team itself', async () => {
    const t = await makeTeam();
    const calls = [
      c.viewer!.post('/api/create-folder', { name: 'x', parent_id: t.team.id }),
      c.viewer!.request('PATCH', `/api/rename/${t.sub.id}`, { name: 'y', type: 'folder' }),
      c.viewer!.post('/api/remove', { all_in: t.team.id, except: [] }),
      c.viewer!.post('/api/move', { to_id: t.sub.id, all_in: t.team.id, except: [t.sub.id] }),
      c.viewer!.post('/api/upload/remote', { urls: ['http://127.0.0.1:1/a'], parent_id: t.team.id }),
      c.viewer!.post('/api/share', { id: t.sub.id, type: 'folder', permission: 'visitor' }),
      c.viewer!.post('/api/file-request', { folder_id: t.sub.id, name: 'Drop' }),
      c.viewer!.post(`/api/teams/folders/${t.sub.id}/convert`, { invitations: [] }),
      c.editor!.post(`/api/teams/folders/${t.sub.id}/convert`, { invitations: [] }),
      c.editor!.request('PATCH', `/api/teams/folders/${t.team.id}`, {
        members: [{ id: id.editor, permission: 'can_edit' }],
        invitations: [],
      }),
      c.editor!.request('DELETE', `/api/teams/folders/${t.team.id}`, {}),
      c.viewer!.request('DELETE', `/api/teams/folders/${t.team.id}`, {}),
    ];
    for (const [i, r] of (await Promise.all(calls)).entries()) {
      expect(r.status, `${i}: ${r.body}`).toBe(403);
    }
  });
});
