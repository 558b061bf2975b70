import { navigationLevelResponse, shareResource, type NavigationLevelResponse } from '@filestore/contract';
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

/**
 * One level of the folder tree (ADR 0072), for the owner, a team member, a share-link visitor and
 * a stranger: what each may see of which folder, the has-folders flag, trashed folders left out.
 */
describe('the folder tree, one level at a time', () => {
  let server: TestServer;
  let owner: TestClient;
  let member: TestClient;
  let stranger: TestClient;
  let ownerId: string;
  /** Owner's tree: Alpha/{Inner/Deep, Gone (trashed)/Below}, Beta (empty, a file in it), Team/{Crew}. */
  let alpha: ItemRow;
  let inner: ItemRow;
  let gone: ItemRow;
  let below: ItemRow;
  let beta: ItemRow;
  let team: ItemRow;
  let crew: ItemRow;

  const level = async (who: TestClient, url: string): Promise<NavigationLevelResponse> => {
    const res = await who.get(url);
    expect(res.status, `${url}: ${res.body}`).toBe(200);
    return navigationLevelResponse.parse(res.json());
  };
  const shape = (answer: NavigationLevelResponse) => answer.data.map((f) => [f.name, f.has_folders]);

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    member = await registerUser(server, 'member@example.com');
    stranger = await registerUser(server, 'stranger@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    const strangerId = await userIdOf(server, 'stranger@example.com');
    alpha = await seedFolder(server, ownerId, { name: 'alpha' });
    inner = await seedFolder(server, ownerId, { name: 'Inner', parentId: alpha.id });
    await seedFolder(server, ownerId, { name: 'Deep', parentId: inner.id });
    gone = await seedFolder(server, ownerId, { name: 'Gone', parentId: alpha.id });
    below = await seedFolder(server, ownerId, { name: 'Below', parentId: gone.id });
    beta = await seedFolder(server, ownerId, { name: 'Beta' });
    await seedFile(server, ownerId, { name: 'not-a-folder.txt', parentId: beta.id });
    team = await seedFolder(server, ownerId, { name: 'Team' });
    crew = await seedFolder(server, ownerId, { name: 'Crew', parentId: team.id });
    await seedFolder(server, strangerId, { name: 'Theirs' });
    expect((await owner.post('/api/remove', { items: [{ id: gone.id, type: 'folder' }] })).status).toBe(200);
    const converted = await owner.post(`/api/teams/folders/${team.id}/convert`, {
      invitations: [{ email: 'member@example.com', permission: 'can_view' }],
    });
    expect(converted.status, converted.body).toBe(201);
    // The member as if they had accepted the invitation.
    const memberId = await userIdOf(server, 'member@example.com');
    await server.ctx.db
      .insert(teamMembers)
      .values({ folderId: team.id, userId: memberId, permission: 'can_view' })
      .onConflictDoNothing();
  });
  afterAll(() => server?.close());

  it('gives the owner the top of their files with has-folders flags, by name, without what is trashed', async () => {
    const top = await level(owner, '/api/browse/navigation/all');
    expect(top.meta.parent_id).toBeNull();
    expect(shape(top)).toEqual([
      ['alpha', true],
      ['Beta', false],
      ['Team', true],
    ]);
    expect(JSON.stringify(top)).not.toContain('Theirs');
    // Alpha holds Inner (which holds Deep); Gone is in the trash and left out with what is in it.
    const inAlpha = await level(owner, `/api/browse/navigation/${alpha.id}`);
    expect(inAlpha.meta.parent_id).toBe(alpha.id);
    expect(shape(inAlpha)).toEqual([['Inner', true]]);
    expect(inAlpha.data[0]).toMatchObject({ id: inner.id, parent_id: alpha.id, color: null, emoji: null });
    expect(shape(await level(owner, `/api/browse/navigation/${inner.id}`))).toEqual([['Deep', false]]);
    expect(shape(await level(owner, `/api/browse/navigation/${beta.id}`))).toEqual([]);
  });

  it('answers 404 for a trashed folder, a folder inside one, a file, an unknown id', async () => {
    for (const id of [gone.id, below.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await owner.get(`/api/browse/navigation/${id}`)).status).toBe(404);
    }
    const file = await seedFile(server, ownerId, { name: 'f.txt', parentId: alpha.id });
    expect((await owner.get(`/api/browse/navigation/${file.id}`)).status).toBe(404);
    expect((await owner.get('/api/browse/navigation/not-a-uuid')).status).toBe(422);
  });

  it('gives a team member the levels of the team folder, and nothing above or beside it', async () => {
    expect(shape(await level(member, `/api/browse/navigation/${team.id}`))).toEqual([['Crew', false]]);
    expect(shape(await level(member, `/api/browse/navigation/${crew.id}`))).toEqual([]);
    // Their own top is their own files: none.
    expect(shape(await level(member, '/api/browse/navigation/all'))).toEqual([]);
    for (const id of [alpha.id, inner.id]) {
      const res = await member.get(`/api/browse/navigation/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('Inner');
    }
  });

  it('refuses a stranger every folder of the owner, and an anonymous caller the route', async () => {
    for (const id of [alpha.id, team.id, crew.id, inner.id]) {
      const res = await stranger.get(`/api/browse/navigation/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).not.toMatch(/Inner|Crew|Deep/);
    }
    expect(shape(await level(stranger, '/api/browse/navigation/all'))).toEqual([['Theirs', false]]);
    expect((await server.client().get('/api/browse/navigation/all')).status).toBe(401);
  });

  it('gives a share-link visitor the levels below the shared folder only', async () => {
    const res = await owner.post('/api/share', { id: alpha.id, type: 'folder' });
    expect(res.status, res.body).toBe(201);
    const token = shareResource.parse(res.json()).data.attributes.token;
    const visitor = server.client();
    const top = await level(visitor, `/api/sharing/navigation/${token}/all`);
    expect(top.meta.parent_id).toBe(alpha.id);
    expect(shape(top)).toEqual([['Inner', true]]);
    expect(shape(await level(visitor, `/api/sharing/navigation/${token}/${inner.id}`))).toEqual([['Deep', false]]);
    // Beside the shared folder, in the trash, or no such link: nothing.
    for (const id of [beta.id, team.id, gone.id]) {
      expect((await visitor.get(`/api/sharing/navigation/${token}/${id}`)).status).toBe(404);
    }
    expect((await visitor.get(`/api/sharing/navigation/no-such-token/all`)).status).toBe(404);
  });
});
