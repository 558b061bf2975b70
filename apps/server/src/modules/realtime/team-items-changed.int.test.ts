import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { teamFolders, teamMembers } from '../../../test/tables.js';
import { sessionCookie, TestSocket } from './socket-client.test-helper.js';

/**
 * `items.changed` for a change inside a team folder reaches its owner and every member, over their
 * sockets, and nobody else (ADR 0029); a change outside it reaches the owner alone.
 */
describe('items.changed in team folders', () => {
  let server: TestServer;
  let url: string;
  const clients: Record<string, TestClient> = {};
  const ids: Record<string, string> = {};
  const sockets: Record<string, TestSocket> = {};
  const names = ['owner', 'editor', 'viewer', 'stranger'] as const;

  /** The folders each socket was told changed, from now until every socket in `expected` got an event. */
  const folderEvents = async (expected: readonly string[], act: () => Promise<void>) => {
    const seen = Object.fromEntries(names.map((n) => [n, sockets[n]!.received.length]));
    await act();
    for (const n of expected) await sockets[n]!.waitFor(seen[n]! + 1, undefined, 10_000);
    // Time for an event that must not come to come anyway.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return Object.fromEntries(
      names.map((n) => [
        n,
        sockets[n]!.received.slice(seen[n])
          .filter((e) => e.name === 'items.changed')
          .flatMap((e) => (e.payload as { folders: (string | null)[] }).folders)
          .sort(),
      ]),
    );
  };

  beforeAll(async () => {
    server = await startTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await installWithAdmin(server);
    for (const n of names) {
      clients[n] = await registerUser(server, `${n}@example.com`);
      ids[n] = await userIdOf(server, `${n}@example.com`);
    }
    server.ctx.jobs.start();
    for (const n of names) {
      sockets[n] = new TestSocket(url, { cookie: sessionCookie(clients[n]!.cookies) });
      await sockets[n].connected();
    }
  }, 60_000);
  afterAll(async () => {
    for (const socket of Object.values(sockets)) socket.close();
    await server?.close();
  });

  it('tells the owner and every member of a change in the team, the owner alone of one outside it', async () => {
    const owner = ids.owner!;
    const team = await seedFolder(server, owner, { name: 'Team' });
    const sub = await seedFolder(server, owner, { name: 'Sub', parentId: team.id });
    const deep = await seedFolder(server, owner, { name: 'Deep', parentId: sub.id });
    const file = await seedFile(server, owner, { name: 'a.txt', parentId: deep.id });
    const other = await seedFile(server, owner, { name: 'b.txt', parentId: team.id });
    const outside = await seedFolder(server, owner, { name: 'Private' });
    await server.ctx.db.insert(teamFolders).values({ folderId: team.id, ownerId: owner });
    await server.ctx.db.insert(teamMembers).values([
      { folderId: team.id, userId: ids.editor!, permission: 'can_edit' },
      { folderId: team.id, userId: ids.viewer!, permission: 'can_view' },
    ]);

    // A member's rename deep in the team.
    let got = await folderEvents(['owner', 'editor', 'viewer'], async () => {
      const res = await clients.editor!.request('PATCH', `/api/rename/${file.id}`, { name: 'c.txt', type: 'file' });
      expect(res.status, res.body).toBe(200);
    });
    expect(got).toEqual({ owner: [deep.id], editor: [deep.id], viewer: [deep.id], stranger: [] });

    // A move naming two folders of the team at once: one event each, both folders.
    got = await folderEvents(['owner', 'editor', 'viewer'], async () => {
      const res = await clients.editor!.post('/api/move', { to_id: deep.id, items: [{ id: other.id, type: 'file' }] });
      expect(res.status, res.body).toBe(200);
    });
    const both = [team.id, deep.id].sort();
    expect(got).toEqual({ owner: both, editor: both, viewer: both, stranger: [] });

    // The owner moves the file out of the team: the members hear of the folder it left only.
    got = await folderEvents(['owner', 'editor', 'viewer'], async () => {
      const res = await clients.owner!.post('/api/move', {
        to_id: outside.id,
        items: [{ id: other.id, type: 'file' }],
      });
      expect(res.status, res.body).toBe(200);
    });
    expect(got).toEqual({
      owner: [deep.id, outside.id].sort(),
      editor: [deep.id],
      viewer: [deep.id],
      stranger: [],
    });

    // A change outside the team: the owner alone.
    got = await folderEvents(['owner'], async () => {
      const res = await clients.owner!.post('/api/create-folder', { name: 'Alone', parent_id: outside.id });
      expect(res.status, res.body).toBe(201);
    });
    expect(got).toEqual({ owner: [outside.id], editor: [], viewer: [], stranger: [] });

    // A member who left hears nothing more.
    await server.ctx.db.delete(teamMembers).where(eq(teamMembers.userId, ids.viewer!));
    got = await folderEvents(['owner', 'editor'], async () => {
      const res = await clients.editor!.post('/api/create-folder', { name: 'New', parent_id: sub.id });
      expect(res.status, res.body).toBe(201);
    });
    expect(got).toEqual({ owner: [sub.id], editor: [sub.id], viewer: [], stranger: [] });
  });
});
