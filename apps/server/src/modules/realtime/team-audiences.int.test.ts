import { and, eq, gt } from 'drizzle-orm';
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
import { outboxEvents } from './outbox.table.js';

/**
 * The audience of `items.changed` is who may read the folder now, as the access policy decides a
 * read (ADR 0062, issue 39 point 4): the owner always; a member while they are one and the folder
 * is not in the trash (members never see trashed items), whatever their permission; nobody else.
 * Read from the outbox rows each change writes in its transaction.
 */
describe('items.changed goes to who may read the folder now', () => {
  let server: TestServer;
  const clients: Record<string, TestClient> = {};
  const ids: Record<string, string> = {};
  const names = ['owner', 'editor', 'viewer', 'removed', 'stranger'] as const;

  /** The folders each user was told changed by `act`, from the outbox. */
  const audience = async (act: () => Promise<void>) => {
    const before = await server.ctx.db.select({ id: outboxEvents.id }).from(outboxEvents);
    const since = before.reduce((max, r) => (r.id > max ? r.id : max), 0n);
    await act();
    const rows = await server.ctx.db
      .select({ userId: outboxEvents.userId, payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.name, 'items.changed'), gt(outboxEvents.id, since)));
    return Object.fromEntries(
      names.map((n) => [
        n,
        rows
          .filter((r) => r.userId === ids[n])
          .flatMap((r) => (r.payload as { folders: (string | null)[] }).folders)
          .sort(),
      ]),
    );
  };

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    for (const n of names) {
      clients[n] = await registerUser(server, `${n}@example.com`);
      ids[n] = await userIdOf(server, `${n}@example.com`);
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('follows membership, permission and the trash', async () => {
    const owner = ids.owner!;
    const team = await seedFolder(server, owner, { name: 'Team' });
    const sub = await seedFolder(server, owner, { name: 'Sub', parentId: team.id });
    const file = await seedFile(server, owner, { name: 'a.txt', parentId: sub.id });
    const gone = await seedFile(server, owner, { name: 'gone.txt', parentId: sub.id });
    await server.ctx.db.insert(teamFolders).values({ folderId: team.id, ownerId: owner });
    await server.ctx.db.insert(teamMembers).values([
      { folderId: team.id, userId: ids.editor!, permission: 'can_edit' },
      { folderId: team.id, userId: ids.viewer!, permission: 'can_view' },
      { folderId: team.id, userId: ids.removed!, permission: 'can_edit' },
    ]);
    const rename = (name: string) => async () => {
      const res = await clients.owner!.request('PATCH', `/api/rename/${file.id}`, { name, type: 'file' });
      expect(res.status, res.body).toBe(200);
    };

    // Every member reads the team: every member hears of it.
    expect(await audience(rename('b.txt'))).toEqual({
      owner: [sub.id],
      editor: [sub.id],
      viewer: [sub.id],
      removed: [sub.id],
      stranger: [],
    });

    // The owner removes a member and makes the editor a viewer: the removed member hears nothing
    // more, the one downgraded still reads the team and still hears of it.
    const patched = await clients.owner!.request('PATCH', `/api/teams/folders/${team.id}`, {
      members: [
        { id: ids.editor, permission: 'can_view' },
        { id: ids.viewer, permission: 'can_view' },
      ],
      invitations: [],
    });
    expect(patched.status, patched.body).toBe(200);
    expect(await audience(rename('c.txt'))).toEqual({
      owner: [sub.id],
      editor: [sub.id],
      viewer: [sub.id],
      removed: [],
      stranger: [],
    });

    // A file of the team goes to the trash, then the team folder itself: members never see what is
    // in the trash, so deleting that file forever from it is the owner's news alone.
    const trash = async (id: string, type: 'file' | 'folder') => {
      const res = await clients.owner!.post('/api/remove', { items: [{ id, type }] });
      expect(res.status, res.body).toBe(200);
    };
    await trash(gone.id, 'file');
    await trash(team.id, 'folder');
    expect(
      await audience(async () => {
        const res = await clients.owner!.post('/api/remove', {
          items: [{ id: gone.id, type: 'file', force_delete: true }],
        });
        expect(res.status, res.body).toBe(200);
      }),
    ).toEqual({ owner: [sub.id], editor: [], viewer: [], removed: [], stranger: [] });

    // Restored, the team is the members' again, and so is its news.
    const restored = await clients.owner!.post('/api/trash/restore', { items: [{ id: team.id, type: 'folder' }] });
    expect(restored.status, restored.body).toBe(200);
    expect(await audience(rename('d.txt'))).toEqual({
      owner: [sub.id],
      editor: [sub.id],
      viewer: [sub.id],
      removed: [],
      stranger: [],
    });
  });
});
