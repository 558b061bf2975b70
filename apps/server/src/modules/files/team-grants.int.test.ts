import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installWithAdmin,
  registerUser,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestServer,
} from '../../../test/harness.js';
import { findUserById } from '../users/index.js';
import { authorize, authorizeOne, type Action, type Actor } from './access.js';
import { teamFolders, teamMembers } from './teams.table.js';

/** The access policy's team grant (ADR 0029), decided directly: the HTTP matrix is in the teams module. */
describe('access policy: team memberships', () => {
  let server: TestServer;
  const actors: Record<string, Actor> = {};
  let team: string;
  let inside: string;
  let outside: string;

  const code = async (who: string, action: Action, id: string, state?: 'live' | 'any' | 'trashed') => {
    try {
      await authorizeOne(server.ctx.db, actors[who] as Actor, action, id, { state });
      return 200;
    } catch (e) {
      return (e as { status: number }).status;
    }
  };

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    for (const name of ['owner', 'editor', 'viewer', 'stranger']) {
      await registerUser(server, `${name}@example.com`);
      const user = await findUserById(server.ctx.db, await userIdOf(server, `${name}@example.com`));
      actors[name] = { kind: 'user', user: user! };
    }
    const ownerId = (actors.owner as { user: { id: string } }).user.id;
    const above = await seedFolder(server, ownerId, { name: 'Private above' });
    team = (await seedFolder(server, ownerId, { name: 'Team', parentId: above.id })).id;
    inside = (await seedFolder(server, ownerId, { name: 'Inside', parentId: team })).id;
    outside = (await seedFolder(server, ownerId, { name: 'Outside' })).id;
    await server.ctx.db.insert(teamFolders).values({ folderId: team, ownerId });
    await server.ctx.db.insert(teamMembers).values([
      { folderId: team, userId: (actors.editor as { user: { id: string } }).user.id, permission: 'can_edit' },
      { folderId: team, userId: (actors.viewer as { user: { id: string } }).user.id, permission: 'can_view' },
    ]);
  });
  afterAll(() => server?.close());

  it('lets each role do what its permission allows, inside the team folder only', async () => {
    expect(await code('owner', 'delete', inside)).toBe(200);
    expect(await code('editor', 'rename', inside)).toBe(200);
    expect(await code('editor', 'upload', team)).toBe(200);
    expect(await code('editor', 'trash', inside)).toBe(200);
    expect(await code('editor', 'delete', inside)).toBe(403);
    expect(await code('editor', 'share', inside)).toBe(403);
    expect(await code('viewer', 'download', inside)).toBe(200);
    expect(await code('viewer', 'rename', inside)).toBe(403);
    expect(await code('viewer', 'upload', team)).toBe(403);
    // The team folder itself stays the owner's to rename, move and remove.
    expect(await code('editor', 'rename', team)).toBe(403);
    expect(await code('editor', 'trash', team)).toBe(403);
    // Nothing outside it, and nothing for a stranger, is known.
    expect(await code('editor', 'view', outside)).toBe(404);
    expect(await code('viewer', 'view', outside)).toBe(404);
    expect(await code('stranger', 'view', inside)).toBe(404);
    expect(await code('stranger', 'rename', inside)).toBe(404);
  });

  it('decides a set across the member’s own tree and the team at once, and never reaches the trash', async () => {
    const editor = actors.editor as { kind: 'user'; user: { id: string } };
    const own = await seedFolder(server, editor.user.id, { name: 'Mine' });
    const rows = await authorize(server.ctx.db, actors.editor as Actor, 'view', [{ id: own.id }, { id: inside }]);
    expect(rows.map((r) => r.name)).toEqual(['Mine', 'Inside']);
    expect(await code('editor', 'view', inside, 'any')).toBe(200);
    // Asking for it in the trash finds nothing: a member never reaches the trash.
    expect(await code('editor', 'restore', inside, 'trashed')).toBe(404);
  });
});
