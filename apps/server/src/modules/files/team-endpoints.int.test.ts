import { randomUUID } from 'node:crypto';
import {
  browseResponse,
  removeResponse,
  remoteUploadResource,
  searchResponse,
  shareResource,
} from '@filestore/contract';
import { eq, sql } from 'drizzle-orm';
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
  type TestResponse,
  type TestServer,
} from '../../../test/harness.js';
import { closeServer, guardConnections, listen, testNetwork } from '../../../test/remote-origins.js';
import { rowsOf } from '../../lib/db/migrate.js';
import { writeSettings } from '../settings/index.js';
import { users } from '../users/index.js';
import { thumbnailKey } from './blob-keys.js';
import { items, type ItemRow } from './items.table.js';
import { teamFolders, teamMembers } from './teams.table.js';

/**
 * Every existing endpoint for a team folder's owner, its `can_edit` and `can_view` members, a member
 * removed meanwhile (the row deleted) and a stranger (ADR 0029), on one server: each call is made on
 * a team of its own, so the roles never see each other's changes. A refused call answers 403 to a
 * role that knows the item and 404 to one that does not, and changes nothing: the owner's tree
 * (names, places, trash marks, counts), their used storage, and the caller's own tree.
 */
describe('team folders: every endpoint through the one access policy', () => {
  let server: TestServer;
  let origin: Awaited<ReturnType<typeof listen>>;
  const sockets = guardConnections();
  const clients: Record<string, TestClient> = {};
  const ids: Record<string, string> = {};
  const roles = ['owner', 'editor', 'viewer', 'removed', 'stranger'] as const;
  type Role = (typeof roles)[number];

  /** One team of the owner's: `Team` below a private folder, with `Sub/f.txt`, `g.txt`, a trashed `Bin/`. */
  interface Team {
    team: ItemRow;
    sub: ItemRow;
    f: ItemRow;
    g: ItemRow;
    bin: ItemRow;
    share: string;
  }

  const storageUsed = async (userId: string) =>
    (await server.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.storageUsed;
  /** Everything of the owner's and the caller's, to prove a refused call changed nothing. */
  const snapshot = async (userId: string) => {
    const rows = rowsOf<{ id: string }>(
      await server.ctx.db.execute(
        sql`select id, owner_id, name, parent_id, deleted_at, folder_count, file_count from items
            where owner_id in (${ids.owner}::uuid, ${userId}::uuid) order by id`,
      ),
    );
    const state = new Map(rows.map((r) => [r.id, JSON.stringify(r)]));
    state.set('storage', `${await storageUsed(ids.owner!)} ${await storageUsed(userId)}`);
    return state;
  };
  /** What differs between two snapshots (nothing, when nothing changed). */
  const changes = (before: Map<string, string>, after: Map<string, string>) =>
    [...new Set([...before.keys(), ...after.keys()])]
      .filter((k) => before.get(k) !== after.get(k))
      .map((k) => `${before.get(k) ?? '(none)'} → ${after.get(k) ?? '(gone)'}`);

  async function makeTeam(): Promise<Team> {
    const owner = ids.owner!;
    const above = await seedFolder(server, owner, { name: `Above ${randomUUID()}` });
    const team = await seedFolder(server, owner, { name: 'Team', parentId: above.id });
    const sub = await seedFolder(server, owner, { name: 'Sub', parentId: team.id });
    const f = await seedFile(server, owner, { name: 'f.txt', parentId: sub.id, content: 'the f file' });
    const g = await seedFile(server, owner, { name: 'g.txt', parentId: team.id, content: 'the g file' });
    const bin = await seedFolder(server, owner, { name: 'Bin', parentId: team.id });
    await server.ctx.db.update(items).set({ thumbnailStatus: 'ready', width: 1, height: 1 }).where(eq(items.id, f.id));
    await server.ctx.storage.put(thumbnailKey(f.id, 'sm'), Buffer.from('webp'), { contentType: 'image/webp', size: 4 });
    await server.ctx.db.insert(teamFolders).values({ folderId: team.id, ownerId: owner });
    await server.ctx.db.insert(teamMembers).values([
      { folderId: team.id, userId: ids.editor!, permission: 'can_edit' },
      { folderId: team.id, userId: ids.viewer!, permission: 'can_view' },
      { folderId: team.id, userId: ids.removed!, permission: 'can_edit' },
    ]);
    // Was a member: the row is gone.
    await server.ctx.db.execute(
      sql`delete from team_members where folder_id = ${team.id}::uuid and user_id = ${ids.removed}::uuid`,
    );
    expect((await clients.owner!.post('/api/remove', { items: [{ id: bin.id, type: 'folder' }] })).status).toBe(200);
    const shared = await clients.owner!.post('/api/share', { id: sub.id, type: 'folder', permission: 'visitor' });
    expect(shared.status, shared.body).toBe(201);
    return { team, sub, f, g, bin, share: shareResource.parse(shared.json()).data.attributes.token };
  }

  const upload = (c: TestClient, parentId: string, fields: Record<string, string | number | undefined> = {}) =>
    postMultipart(
      server,
      c,
      '/api/upload/chunks',
      { name: 'up.txt', parent_id: parentId, is_last_chunk: 1, ...fields },
      { content: Buffer.from('uploaded bytes') },
    );

  const OK = 'ok';
  /** What each role gets: a status, or OK for the endpoint's success status. */
  type Expect = Record<Role, number | typeof OK>;
  const reads: Expect = { owner: OK, editor: OK, viewer: OK, removed: 404, stranger: 404 };
  const writes: Expect = { owner: OK, editor: OK, viewer: 403, removed: 404, stranger: 404 };
  const ownerOnly: Expect = { owner: OK, editor: 403, viewer: 403, removed: 404, stranger: 404 };
  const trashOnly: Expect = { owner: OK, editor: 404, viewer: 404, removed: 404, stranger: 404 };

  const cases: { name: string; expect: Expect; call: (c: TestClient, t: Team) => Promise<TestResponse> }[] = [
    { name: 'browse the team folder', expect: reads, call: (c, t) => c.get(`/api/browse/folders/${t.team.id}`) },
    { name: 'browse a folder in it', expect: reads, call: (c, t) => c.get(`/api/browse/folders/${t.sub.id}`) },
    { name: 'download a file', expect: reads, call: (c, t) => c.get(`/api/files/${t.f.id}/download`) },
    { name: 'preview a file', expect: reads, call: (c, t) => c.get(`/api/files/${t.f.id}/download?inline=1`) },
    { name: 'thumbnail', expect: reads, call: (c, t) => c.get(`/api/files/${t.f.id}/thumbnail/sm`) },
    {
      name: 'zip by GET',
      expect: reads,
      call: (c, t) => c.get(`/api/zip?items=${t.sub.id}|folder,${t.g.id}|file`),
    },
    { name: 'zip by POST, select all', expect: reads, call: (c, t) => c.post('/api/zip', { all_in: t.team.id }) },
    {
      name: 'create a folder',
      expect: writes,
      call: (c, t) => c.post('/api/create-folder', { name: 'New', parent_id: t.sub.id }),
    },
    { name: 'upload a whole file', expect: writes, call: (c, t) => upload(c, t.sub.id) },
    {
      name: 'upload through a chunked session',
      expect: writes,
      call: (c, t) => upload(c, t.sub.id, { upload_id: randomUUID(), offset: 0, size: 14, chunk_size: 14 }),
    },
    { name: 'upload a folder (path)', expect: writes, call: (c, t) => upload(c, t.team.id, { path: 'A/B' }) },
    {
      name: 'start a remote upload',
      expect: writes,
      call: (c, t) =>
        c.post('/api/upload/remote', { urls: [`http://127.0.0.1:${origin.port}/a.txt`], parent_id: t.sub.id }),
    },
    {
      name: 'rename a file',
      expect: writes,
      call: (c, t) => c.request('PATCH', `/api/rename/${t.f.id}`, { name: 'renamed.txt', type: 'file' }),
    },
    {
      name: 'rename the team folder',
      expect: ownerOnly,
      call: (c, t) => c.request('PATCH', `/api/rename/${t.team.id}`, { name: 'Renamed', type: 'folder' }),
    },
    {
      name: 'move within the team',
      expect: writes,
      call: (c, t) => c.post('/api/move', { to_id: t.sub.id, items: [{ id: t.g.id, type: 'file' }] }),
    },
    {
      name: 'move within the team, select all',
      expect: writes,
      call: (c, t) => c.post('/api/move', { to_id: t.sub.id, all_in: t.team.id, except: [t.sub.id] }),
    },
    {
      name: 'move out of the team to the caller’s root',
      expect: { owner: OK, editor: 403, viewer: 403, removed: 404, stranger: 404 },
      call: (c, t) => c.post('/api/move', { to_id: null, items: [{ id: t.g.id, type: 'file' }] }),
    },
    {
      name: 'move the team folder',
      expect: ownerOnly,
      call: (c, t) => c.post('/api/move', { to_id: null, items: [{ id: t.team.id, type: 'folder' }] }),
    },
    {
      name: 'trash a file',
      expect: writes,
      call: (c, t) => c.post('/api/remove', { items: [{ id: t.f.id, type: 'file' }] }),
    },
    {
      name: 'trash a folder’s contents (select all)',
      expect: writes,
      call: (c, t) => c.post('/api/remove', { all_in: t.sub.id, except: [] }),
    },
    {
      name: 'trash the team folder',
      expect: ownerOnly,
      call: (c, t) => c.post('/api/remove', { items: [{ id: t.team.id, type: 'folder' }] }),
    },
    {
      name: 'delete a file forever',
      expect: ownerOnly,
      call: (c, t) => c.post('/api/remove', { items: [{ id: t.f.id, type: 'file', force_delete: true }] }),
    },
    {
      name: 'delete forever, select all',
      expect: ownerOnly,
      call: (c, t) => c.post('/api/remove', { all_in: t.sub.id, except: [], force_delete: true }),
    },
    {
      name: 'restore from the trash',
      expect: trashOnly,
      call: (c, t) => c.post('/api/trash/restore', { items: [{ id: t.bin.id, type: 'folder' }] }),
    },
    { name: 'open a trashed folder', expect: trashOnly, call: (c, t) => c.get(`/api/browse/trash/${t.bin.id}`) },
    {
      name: 'open a live folder as trashed',
      expect: { owner: 404, editor: 404, viewer: 404, removed: 404, stranger: 404 },
      call: (c, t) => c.get(`/api/browse/trash/${t.sub.id}`),
    },
    { name: 'star a folder', expect: reads, call: (c, t) => c.post('/api/favourites', { ids: [t.sub.id] }) },
    {
      name: 'unstar a folder',
      expect: reads,
      call: (c, t) => c.request('DELETE', `/api/favourites/${t.sub.id}`),
    },
    {
      name: 'share a folder',
      expect: ownerOnly,
      call: (c, t) => c.post('/api/share', { id: t.team.id, type: 'folder', permission: 'editor' }),
    },
    { name: 'read a share', expect: ownerOnly, call: (c, t) => c.get(`/api/share/${t.share}`) },
    {
      name: 'change a share',
      expect: ownerOnly,
      call: (c, t) => c.request('PATCH', `/api/share/${t.share}`, { permission: 'editor' }),
    },
    { name: 'share QR', expect: ownerOnly, call: (c, t) => c.get(`/api/share/${t.share}/qr`) },
    {
      name: 'mail a share',
      expect: ownerOnly,
      call: (c, t) => c.post(`/api/share/${t.share}/email`, { emails: ['someone@example.com'] }),
    },
    { name: 'revoke a share', expect: ownerOnly, call: (c, t) => c.request('DELETE', `/api/share/${t.share}`) },
    {
      name: 'revoke shares (list)',
      expect: ownerOnly,
      call: (c, t) => c.post('/api/share/revoke', { tokens: [t.share] }),
    },
    {
      name: 'request uploads into a folder',
      expect: ownerOnly,
      call: (c, t) => c.post('/api/file-request', { folder_id: t.sub.id, name: 'Drop here' }),
    },
  ];

  beforeAll(async () => {
    origin = await listen((_req, res) => res.end('remote bytes'));
    server = await startTestServer({}, { remoteNetwork: testNetwork({}, [`127.0.0.1:${origin.port}`]) });
    await installWithAdmin(server);
    for (const role of roles) {
      clients[role] = await registerUser(server, `${role}@example.com`);
      ids[role] = await userIdOf(server, `${role}@example.com`);
    }
    await writeSettings(server.ctx.db, { upload_limit: 0, mimetypes_blacklist: [] });
  });
  afterAll(async () => {
    sockets.restore();
    await server?.close();
    if (origin) await closeServer(origin.server);
    expect(sockets.attempts).toEqual([]);
  });

  it.each(cases)('$name', async ({ expect: wanted, call }) => {
    for (const role of roles) {
      const team = await makeTeam();
      const before = await snapshot(ids[role]!);
      const res = await call(clients[role]!, team);
      const want = wanted[role];
      if (want === OK) {
        expect(res.status, `${role}: ${res.body}`).toBeLessThan(300);
        continue;
      }
      expect(res.status, `${role}: ${res.body}`).toBe(want);
      expect(changes(before, await snapshot(ids[role]!)), role).toEqual([]);
    }
  });

  it('records what a member adds as the owner’s, with the member as creator, charged to the owner', async () => {
    const t = await makeTeam();
    const [ownerBefore, editorBefore] = [await storageUsed(ids.owner!), await storageUsed(ids.editor!)];
    const earlier = new Set(
      (await server.ctx.db.select({ id: items.id }).from(items).where(eq(items.creatorId, ids.editor!))).map(
        (r) => r.id,
      ),
    );
    const editor = clients.editor!;
    const folder = await editor.post('/api/create-folder', { name: 'Made by a member', parent_id: t.sub.id });
    const whole = await upload(editor, t.sub.id);
    const chunked = await upload(editor, t.sub.id, { upload_id: randomUUID(), offset: 0, size: 14, chunk_size: 14 });
    const path = await upload(editor, t.team.id, { path: 'Deep/Er/p.txt', name: 'p.txt' });
    for (const res of [folder, whole, chunked, path]) expect(res.status, res.body).toBe(201);
    const made = (await server.ctx.db.select().from(items).where(eq(items.creatorId, ids.editor!))).filter(
      (r) => !earlier.has(r.id),
    );
    // The folder, three files and the two folders of the path.
    expect(made).toHaveLength(6);
    for (const row of made) expect(row.ownerId).toBe(ids.owner);
    expect(await storageUsed(ids.owner!)).toBe(ownerBefore + 3 * 14);
    expect(await storageUsed(ids.editor!)).toBe(editorBefore);
    const sub = (await server.ctx.db.select().from(items).where(eq(items.id, t.sub.id)))[0]!;
    expect({ folders: sub.folderCount, files: sub.fileCount }).toEqual({ folders: 1, files: 3 });
    // The member sees them in the team folder.
    const listed = browseResponse.parse((await editor.get(`/api/browse/folders/${t.sub.id}`)).json());
    expect(listed.data.map((d) => d.data.attributes.name).sort()).toEqual(
      ['Made by a member', 'f.txt', 'up (1).txt', 'up.txt'].sort(),
    );
  });

  it('refuses an upload over the owner’s quota, even when the member has room, and stores nothing', async () => {
    const t = await makeTeam();
    await writeSettings(server.ctx.db, { storage_limitation: true, default_max_storage_amount: 1 });
    const full = 1024 ** 3;
    await server.ctx.db.update(users).set({ storageUsed: full }).where(eq(users.id, ids.owner!));
    try {
      const before = await snapshot(ids.editor!);
      for (const fields of [{}, { upload_id: randomUUID(), offset: 0, size: 14, chunk_size: 14 }]) {
        const res = await upload(clients.editor!, t.sub.id, fields);
        expect(res.status, res.body).toBe(423);
      }
      expect(changes(before, await snapshot(ids.editor!))).toEqual([]);
      // The owner's own quota does not stop a member's upload into their own tree.
      expect((await upload(clients.editor!, (await seedFolder(server, ids.editor!, { name: 'Mine' })).id)).status).toBe(
        201,
      );
    } finally {
      await writeSettings(server.ctx.db, { storage_limitation: false });
      await server.ctx.db.update(users).set({ storageUsed: 0 }).where(eq(users.id, ids.owner!));
    }
  });

  it('puts what a member trashes in the owner’s trash, and tells the client so', async () => {
    const t = await makeTeam();
    for (const body of [{ items: [{ id: t.g.id, type: 'file' }] }, { all_in: t.sub.id, except: [] }]) {
      const res = await clients.editor!.post('/api/remove', body);
      expect(res.status, res.body).toBe(200);
      const parsed = removeResponse.parse(res.json());
      expect(parsed.meta?.trashed_to_owner).toEqual({ id: ids.owner, name: 'Uma User' });
      // No Undo: the member cannot restore from the owner's trash.
      expect(parsed.trashed).toBeUndefined();
    }
    // They wait in the owner's trash: the member cannot reach them, the owner restores them.
    const refs = [
      { id: t.g.id, type: 'file' },
      { id: t.f.id, type: 'file' },
    ];
    const before = await snapshot(ids.editor!);
    expect((await clients.editor!.post('/api/trash/restore', { items: refs })).status).toBe(404);
    expect(changes(before, await snapshot(ids.editor!))).toEqual([]);
    const editorTrash = browseResponse.parse((await clients.editor!.get('/api/browse/trash/all')).json());
    expect(editorTrash.data.map((d) => d.data.id)).not.toContain(t.g.id);
    const restored = await clients.owner!.post('/api/trash/restore', { items: refs });
    expect(restored.status, restored.body).toBe(200);
    // The owner's own removal says nothing of the kind.
    const own = await clients.owner!.post('/api/remove', { items: [{ id: t.team.id, type: 'folder' }] });
    expect(removeResponse.parse(own.json()).meta).toBeUndefined();
  });

  it('moves: a member within the team only; the owner in and out of it; never a team into a team', async () => {
    const t = await makeTeam();
    const mine = await seedFolder(server, ids.editor!, { name: 'Mine' });
    const myFile = await seedFile(server, ids.editor!, { name: 'mine.txt', parentId: mine.id });
    const other = await makeTeam();
    const editor = clients.editor!;
    const across = [
      // Into the member's own tree, their own file into the team, into another team.
      { to_id: mine.id, items: [{ id: t.g.id, type: 'file' }] },
      { to_id: t.sub.id, items: [{ id: myFile.id, type: 'file' }] },
      { to_id: other.sub.id, items: [{ id: t.g.id, type: 'file' }] },
      // A selection mixing the team and the member's own files.
      {
        to_id: t.sub.id,
        items: [
          { id: t.g.id, type: 'file' },
          { id: myFile.id, type: 'file' },
        ],
      },
      { to_id: mine.id, all_in: t.sub.id, except: [] },
    ];
    for (const body of across) {
      const before = await snapshot(ids.editor!);
      const res = await editor.post('/api/move', body);
      expect(res.status, res.body).toBe(403);
      expect(res.json().code).toBe('teams.move_across');
      expect(changes(before, await snapshot(ids.editor!))).toEqual([]);
    }
    // The owner moves a private folder into the team (it is shared) and back out (unshared).
    const owner = clients.owner!;
    const priv = await seedFolder(server, ids.owner!, { name: 'Private' });
    expect((await owner.post('/api/move', { to_id: t.team.id, items: [{ id: priv.id, type: 'folder' }] })).status).toBe(
      200,
    );
    expect((await editor.get(`/api/browse/folders/${priv.id}`)).status).toBe(200);
    expect((await owner.post('/api/move', { to_id: null, items: [{ id: priv.id, type: 'folder' }] })).status).toBe(200);
    expect((await editor.get(`/api/browse/folders/${priv.id}`)).status).toBe(404);
    // A team folder, or a folder holding one, never goes into a team folder.
    const holder = await seedFolder(server, ids.owner!, { name: 'Holder' });
    await server.ctx.db.update(items).set({ parentId: holder.id }).where(eq(items.id, other.team.id));
    for (const moved of [other.team, holder]) {
      const before = await snapshot(ids.owner!);
      const res = await owner.post('/api/move', { to_id: t.sub.id, items: [{ id: moved.id, type: 'folder' }] });
      expect(res.status, res.body).toBe(409);
      expect(res.json().code).toBe('teams.nested');
      expect(changes(before, await snapshot(ids.owner!))).toEqual([]);
    }
  });

  it('finds team content in search, latest and favourites for members only, while they are members', async () => {
    const t = await makeTeam();
    const name = `needle-${randomUUID().slice(0, 8)}.txt`;
    const file = await seedFile(server, ids.owner!, { name, parentId: t.sub.id });
    await seedFile(server, ids.owner!, { name: `private-${name}` });
    await seedFile(server, ids.owner!, { name: `binned-${name}`, parentId: t.bin.id });
    const found = async (role: Role) =>
      searchResponse.parse((await clients[role]!.get(`/api/search?query=${name}`)).json()).data.map((d) => d.data.id);
    const latest = async (role: Role) =>
      browseResponse
        .parse((await clients[role]!.get('/api/browse/latest?per_page=100')).json())
        .data.map((d) => d.data.id);
    for (const role of ['owner', 'editor', 'viewer'] as const) {
      expect(await found(role), role).toContain(file.id);
      expect(await latest(role), role).toContain(file.id);
    }
    expect(await found('editor')).toEqual([file.id]);
    for (const role of ['removed', 'stranger'] as const) {
      expect(await found(role), role).toEqual([]);
      expect(await latest(role), role).not.toContain(file.id);
    }
    const favs = async () =>
      (
        (await clients.viewer!.get('/api/user')).json().data.relationships.favourites.data as { data: { id: string } }[]
      ).map((f) => f.data.id);
    expect((await clients.viewer!.post('/api/favourites', { ids: [t.team.id, t.sub.id] })).status).toBe(201);
    expect(await favs()).toEqual(expect.arrayContaining([t.team.id, t.sub.id]));
    // Access ends: gone from search, latest and favourites; the star's row stays.
    await server.ctx.db.execute(
      sql`delete from team_members where folder_id = ${t.team.id}::uuid and user_id = ${ids.viewer}::uuid`,
    );
    expect(await found('viewer')).toEqual([]);
    expect(await latest('viewer')).not.toContain(file.id);
    expect(await favs()).not.toContain(t.sub.id);
    const stars = await server.ctx.db.execute(
      sql`select count(*)::int as n from favourites where user_id = ${ids.viewer}::uuid and item_id = ${t.sub.id}::uuid`,
    );
    expect(rowsOf<{ n: number }>(stars)[0]?.n).toBe(1);
    // The owner trashes the team folder: the members lose it too.
    await clients.owner!.post('/api/remove', { items: [{ id: t.team.id, type: 'folder' }] });
    expect(await found('editor')).toEqual([]);
  });

  it('lets a share-link visitor of a link the owner made inside a team folder browse and download it', async () => {
    const t = await makeTeam();
    const guest = server.client();
    const listed = await guest.get(`/api/sharing/folders/${t.sub.id}/${t.share}`);
    expect(listed.status, listed.body).toBe(200);
    expect(browseResponse.parse(listed.json()).data.map((d) => d.data.id)).toEqual([t.f.id]);
    expect((await guest.get(`/api/sharing/download/${t.f.id}/${t.share}`)).status).toBe(200);
    // Outside the link's folder: the team folder and what lies beside, unknown.
    expect((await guest.get(`/api/sharing/folders/${t.team.id}/${t.share}`)).status).toBe(404);
    expect((await guest.get(`/api/sharing/download/${t.g.id}/${t.share}`)).status).toBe(404);
    const before = await snapshot(ids.owner!);
    const write = await guest.post(`/api/sharing/create-folder/${t.share}`, { name: 'x', parent_id: t.sub.id });
    expect(write.status).toBe(403);
    expect(changes(before, await snapshot(ids.owner!))).toEqual([]);
  });

  it('ends a member’s chunked upload when they are removed between its chunks, storing nothing', async () => {
    const t = await makeTeam();
    const chunk = 5 * 1024 * 1024;
    const size = chunk + 10;
    const content = Buffer.alloc(size, 7);
    const uploadId = randomUUID();
    const send = (offset: number) =>
      postMultipart(
        server,
        clients.editor!,
        '/api/upload/chunks',
        {
          name: 'big.bin',
          parent_id: t.sub.id,
          upload_id: uploadId,
          offset,
          size,
          chunk_size: chunk,
          is_last_chunk: offset + chunk >= size ? 1 : 0,
        },
        { content: content.subarray(offset, offset + chunk) },
      );
    const first = await send(0);
    expect(first.status, first.body).toBe(200);
    // The session is the owner's: its bytes are reserved in their storage, started by the member.
    const [session] = rowsOf<{ owner_id: string; actor_key: string }>(
      await server.ctx.db.execute(sql`select owner_id, actor_key from upload_sessions where id = ${uploadId}::uuid`),
    );
    expect(session).toEqual({ owner_id: ids.owner, actor_key: `user:${ids.editor}` });
    await server.ctx.db.execute(
      sql`delete from team_members where folder_id = ${t.team.id}::uuid and user_id = ${ids.editor}::uuid`,
    );
    const before = await snapshot(ids.editor!);
    const last = await send(chunk);
    expect(last.status, last.body).toBe(404);
    expect(changes(before, await snapshot(ids.editor!))).toEqual([]);
    const left = await server.ctx.db.execute(sql`select 1 from upload_sessions where id = ${uploadId}::uuid`);
    expect(rowsOf(left)).toEqual([]);
  });

  it('fails a member’s remote upload cleanly when they were removed before the job ran', async () => {
    // What earlier tests started goes first.
    await server.ctx.jobs.drain(['remote-uploads']);
    const t = await makeTeam();
    const res = await clients.editor!.post('/api/upload/remote', {
      urls: [`http://127.0.0.1:${origin.port}/late.txt`],
      parent_id: t.sub.id,
    });
    expect(res.status, res.body).toBe(201);
    const batch = remoteUploadResource.parse(res.json()).data;
    await server.ctx.db.execute(
      sql`delete from team_members where folder_id = ${t.team.id}::uuid and user_id = ${ids.editor}::uuid`,
    );
    const before = await snapshot(ids.editor!);
    await server.ctx.jobs.drain(['remote-uploads']);
    const status = remoteUploadResource.parse((await clients.editor!.get(`/api/upload/remote/${batch.id}`)).json());
    expect(status.data.attributes).toMatchObject({ status: 'done', failed: 1 });
    expect(changes(before, await snapshot(ids.editor!))).toEqual([]);

    // Still a member: the job stores it in the owner's tree, the member as its creator.
    const t2 = await makeTeam();
    const ok = await clients.editor!.post('/api/upload/remote', {
      urls: [`http://127.0.0.1:${origin.port}/on-time.txt`],
      parent_id: t2.sub.id,
    });
    await server.ctx.jobs.drain(['remote-uploads']);
    const done = remoteUploadResource.parse(
      (await clients.editor!.get(`/api/upload/remote/${remoteUploadResource.parse(ok.json()).data.id}`)).json(),
    );
    expect(done.data.attributes).toMatchObject({ status: 'done', failed: 0 });
    const [stored] = await server.ctx.db
      .select()
      .from(items)
      .where(sql`${items.parentId} = ${t2.sub.id}::uuid and ${items.name} = 'on-time.txt'`);
    expect(stored).toMatchObject({ ownerId: ids.owner, creatorId: ids.editor });
  });
});
