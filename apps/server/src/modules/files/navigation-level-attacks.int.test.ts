import { fileRequestResource, navigationLevelResponse, shareResource } from '@filestore/contract';
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
import type { ItemRow } from './index.js';
import { teamMembers } from './teams.table.js';

/** The per-level navigation calls (ADR 0072) against callers who should see nothing of a level. */
describe('one level of the tree, refused where it should be', () => {
  let server: TestServer;
  let owner: TestClient;
  let member: TestClient;
  let ownerId: string;
  let memberId: string;
  let box: ItemRow;
  let inBox: ItemRow;
  let beside: ItemRow;
  let team: ItemRow;
  let crew: ItemRow;

  const names = async (who: TestClient, url: string) => {
    const res = await who.get(url);
    expect(res.status, `${url}: ${res.body}`).toBe(200);
    return navigationLevelResponse.parse(res.json()).data.map((f) => f.name);
  };

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    member = await registerUser(server, 'member@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    memberId = await userIdOf(server, 'member@example.com');
    box = await seedFolder(server, ownerId, { name: 'Box' });
    inBox = await seedFolder(server, ownerId, { name: 'InBox', parentId: box.id });
    await seedFolder(server, ownerId, { name: 'Deeper', parentId: inBox.id });
    beside = await seedFolder(server, ownerId, { name: 'Beside' });
    await seedFolder(server, ownerId, { name: 'BesideChild', parentId: beside.id });
    team = await seedFolder(server, ownerId, { name: 'Team' });
    crew = await seedFolder(server, ownerId, { name: 'Crew', parentId: team.id });
    await seedFolder(server, ownerId, { name: 'CrewChild', parentId: crew.id });
    const converted = await owner.post(`/api/teams/folders/${team.id}/convert`, {
      invitations: [{ email: 'member@example.com', permission: 'can_edit' }],
    });
    expect(converted.status, converted.body).toBe(201);
    await server.ctx.db
      .insert(teamMembers)
      .values({ folderId: team.id, userId: memberId, permission: 'can_edit' })
      .onConflictDoNothing();
  });
  afterAll(() => server?.close());

  it('refuses a level of a team folder once the member has left it', async () => {
    expect(await names(member, `/api/browse/navigation/${team.id}`)).toEqual(['Crew']);
    const left = await member.request('DELETE', `/api/teams/folders/${team.id}/leave`, {});
    expect(left.status, left.body).toBe(200);
    for (const id of [team.id, crew.id]) {
      const res = await member.get(`/api/browse/navigation/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).not.toMatch(/Crew/);
    }
  });

  it('keeps a locked share locked, and a share whose folder went to the trash closed', async () => {
    const res = await owner.post('/api/share', {
      id: box.id,
      type: 'folder',
      isPassword: true,
      password: 'right password',
    });
    expect(res.status, res.body).toBe(201);
    const token = shareResource.parse(res.json()).data.attributes.token;
    const visitor = server.client('10.9.0.1');
    for (const id of ['all', box.id, inBox.id]) {
      const locked = await visitor.get(`/api/sharing/navigation/${token}/${id}`);
      expect(locked.status, id).toBe(403);
      expect(locked.body).not.toMatch(/InBox|Deeper/);
    }
    const open = await owner.post('/api/share', { id: inBox.id, type: 'folder' });
    const openToken = shareResource.parse(open.json()).data.attributes.token;
    expect(await names(visitor, `/api/sharing/navigation/${openToken}/all`)).toEqual(['Deeper']);
    // Above the shared folder: its parent, and a sibling tree.
    for (const id of [box.id, beside.id, team.id]) {
      expect((await visitor.get(`/api/sharing/navigation/${openToken}/${id}`)).status, id).toBe(404);
    }
  });

  it('gives a link to a file no level at all, not even its folder’s', async () => {
    const file = await seedFile(server, ownerId, { name: 'alone.txt', parentId: inBox.id });
    const res = await owner.post('/api/share', { id: file.id, type: 'file' });
    expect(res.status, res.body).toBe(201);
    const token = shareResource.parse(res.json()).data.attributes.token;
    const visitor = server.client('10.9.0.3');
    for (const id of ['all', file.id, inBox.id]) {
      const level = await visitor.get(`/api/sharing/navigation/${token}/${id}`);
      expect(level.status, id).toBe(404);
      expect(level.body).not.toMatch(/Deeper/);
    }
  });

  it('gives an upload request guest the levels inside the request folder only, while it is open', async () => {
    const created = await owner.post('/api/file-request', { folder_id: box.id, name: 'Drop' });
    expect(created.status, created.body).toBe(201);
    const token = fileRequestResource.parse(created.json()).data.attributes.token;
    const guest = server.client('10.9.0.2');
    expect(await names(guest, `/api/file-request/${token}/navigation/all`)).toEqual([]);
    for (const id of [box.id, inBox.id, beside.id, team.id, crew.id]) {
      const res = await guest.get(`/api/file-request/${token}/navigation/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).not.toMatch(/InBox|Deeper|BesideChild|Crew/);
    }
    const made = await guest.post(`/api/file-request/${token}/create-folder`, { name: 'Sub' });
    expect(made.status, made.body).toBe(201);
    expect(await names(guest, `/api/file-request/${token}/navigation/all`)).toEqual(['Sub']);
    const done = await guest.request('DELETE', `/api/file-request/${token}`, {});
    expect(done.status, done.body).toBe(200);
    const closed = await guest.get(`/api/file-request/${token}/navigation/all`);
    expect(closed.status).not.toBe(200);
    expect(closed.body).not.toMatch(/Sub/);
  });
});
