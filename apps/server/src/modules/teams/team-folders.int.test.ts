import {
  browseResponse,
  navigationResponse,
  teamBrowseResponse,
  teamFolderResource,
  type BrowseResponse,
  type FolderResource,
  type ItemResource,
  type TeamBrowseResponse,
} from '@filestore/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/database.js';
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
import { insertItem, type ItemRow } from '../files/index.js';
import { items, teamFolders, teamMembers } from '../../../test/tables.js';
import { outboxEvents } from '../realtime/index.js';
import { writeSettings } from '../settings/index.js';
import { teamInvitations } from './team-invitations.table.js';

/**
 * The team-folder API (ADR 0029) over HTTP for the owner, a `can_edit` and a `can_view` member and a
 * stranger: every endpoint's answer, and for every refusal that nothing changed.
 */
describe('team folders API', () => {
  let server: TestServer;
  const client: Record<'owner' | 'editor' | 'viewer' | 'stranger', TestClient> = {} as never;
  const id: Record<'owner' | 'editor' | 'viewer' | 'stranger', string> = {} as never;
  let above: ItemRow;
  let team: ItemRow;
  let inside: ItemRow;
  let plain: ItemRow;
  let byEditor: ItemRow;

  const db = () => server.ctx.db;
  const folderOf = (r: ItemResource) => r as FolderResource;
  const list = async (who: TestClient, url: string): Promise<TeamBrowseResponse> => {
    const res = await who.get(url);
    expect(res.status, `${url}: ${res.body}`).toBe(200);
    return teamBrowseResponse.parse(res.json());
  };
  const browse = async (who: TestClient, url: string): Promise<BrowseResponse> => {
    const res = await who.get(url);
    expect(res.status, `${url}: ${res.body}`).toBe(200);
    return browseResponse.parse(res.json());
  };
  const row = async (itemId: string) => (await db().select().from(items).where(eq(items.id, itemId)))[0];
  /** Everything about teams the database holds, to compare before and after a refused call. */
  const teamState = async () => ({
    folders: await db().select().from(teamFolders).orderBy(asc(teamFolders.folderId)),
    members: await db().select().from(teamMembers).orderBy(asc(teamMembers.folderId), asc(teamMembers.userId)),
    invitations: await db().select().from(teamInvitations).orderBy(asc(teamInvitations.id)),
    items: await db().select().from(items).orderBy(asc(items.id)),
  });
  const ended = async () =>
    (
      await db()
        .select({ userId: outboxEvents.userId, payload: outboxEvents.payload })
        .from(outboxEvents)
        .where(eq(outboxEvents.name, 'team.access_ended'))
        .orderBy(asc(outboxEvents.id))
    ).map((e) => ({ userId: e.userId, ...(e.payload as object) }));
  const setMembers = async (folderId: string, members: [string, 'can_edit' | 'can_view'][]) => {
    await db().delete(teamMembers).where(eq(teamMembers.folderId, folderId));
    if (members.length) {
      await db()
        .insert(teamMembers)
        .values(members.map(([userId, permission]) => ({ folderId, userId, permission })));
    }
  };
  const expectRefused = async (
    who: TestClient,
    method: string,
    url: string,
    body: unknown,
    status: number,
    code?: string,
  ) => {
    const before = await teamState();
    const res = await who.request(method, url, body);
    expect(res.status, `${method} ${url}: ${res.body}`).toBe(status);
    if (code) expect(res.json().code).toBe(code);
    expect(await teamState()).toEqual(before);
  };

  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    for (const name of ['owner', 'editor', 'viewer', 'stranger'] as const) {
      client[name] = await registerUser(server, `${name}@example.com`);
      id[name] = await userIdOf(server, `${name}@example.com`);
    }
    // The owner's tree: a private folder, and a folder deep inside it that becomes a team folder.
    above = await seedFolder(server, id.owner, { name: 'Private above' });
    team = await seedFolder(server, id.owner, { name: 'Team', parentId: above.id });
    inside = await seedFolder(server, id.owner, { name: 'Inside', parentId: team.id });
    await seedFile(server, id.owner, { name: 'deep.txt', parentId: inside.id });
    plain = await seedFolder(server, id.owner, { name: 'Plain' });
    // A file a member uploaded: the owner's, made by the member.
    byEditor = await insertItem(db(), {
      ownerId: id.owner,
      creatorId: id.editor,
      parentId: team.id,
      type: 'file',
      name: 'from-editor.txt',
      extension: 'txt',
      mimetype: 'text/plain',
      category: 'document',
    });
  });
  afterAll(() => server?.close());

  describe('convert', () => {
    it('refuses strangers (404), changing nothing', async () => {
      await expectRefused(client.stranger, 'POST', `/api/teams/folders/${team.id}/convert`, { invitations: [] }, 404);
      await expectRefused(client.editor, 'POST', `/api/teams/folders/${team.id}/convert`, { invitations: [] }, 404);
    });

    it('makes the folder a team folder where it is, with its content', async () => {
      const res = await client.owner.post(`/api/teams/folders/${team.id}/convert`, { invitations: [] });
      expect(res.status, res.body).toBe(201);
      const resource = teamFolderResource.parse(res.json());
      expect(resource.meta.role).toBe('owner');
      expect(resource.data.id).toBe(team.id);
      expect(resource.data.attributes.is_team_folder).toBe(true);
      expect(resource.data.relationships.members.data.map((m) => [m.data.id, m.data.attributes.permission])).toEqual([
        [id.owner, 'owner'],
      ]);
      // Where it was, with what it held.
      expect((await row(team.id))?.parentId).toBe(above.id);
      expect((await row(inside.id))?.parentId).toBe(team.id);
      expect(await db().select().from(teamFolders).where(eq(teamFolders.folderId, team.id))).toHaveLength(1);
      await setMembers(team.id, [
        [id.editor, 'can_edit'],
        [id.viewer, 'can_view'],
      ]);
    });

    it('refuses a team folder, a folder inside one and a folder around one (team folders do not nest)', async () => {
      const convert = (folderId: string) => `/api/teams/folders/${folderId}/convert`;
      await expectRefused(
        client.owner,
        'POST',
        convert(team.id),
        { invitations: [] },
        409,
        'teams.already_team_folder',
      );
      await expectRefused(client.owner, 'POST', convert(inside.id), { invitations: [] }, 409, 'teams.nested');
      await expectRefused(client.owner, 'POST', convert(above.id), { invitations: [] }, 409, 'teams.nested');
      // Members may not convert what is inside the team, whatever their permission.
      await expectRefused(client.editor, 'POST', convert(inside.id), { invitations: [] }, 403);
      await expectRefused(client.viewer, 'POST', convert(inside.id), { invitations: [] }, 403);
    });
  });

  describe('create', () => {
    it('makes a team folder at the top of the owner’s tree, named as any new folder', async () => {
      const first = await client.owner.post('/api/teams/folders', { name: 'Project', emoji: '🚀', invitations: [] });
      expect(first.status, first.body).toBe(201);
      const made = teamFolderResource.parse(first.json());
      expect(made.data.attributes).toMatchObject({
        name: 'Project',
        emoji: '🚀',
        parent_id: null,
        is_team_folder: true,
      });
      expect(made.meta.role).toBe('owner');
      expect(made.data.relationships.invitations.data).toEqual([]);
      const second = teamFolderResource.parse(
        (await client.owner.post('/api/teams/folders', { name: 'project' })).json(),
      );
      expect(second.data.attributes.name).not.toBe('project');
      expect(second.data.attributes.name.toLowerCase()).toContain('project');
      const owned = await db().select().from(teamFolders).where(eq(teamFolders.ownerId, id.owner));
      expect(owned.map((t) => t.folderId).sort()).toEqual([team.id, made.data.id, second.data.id].sort());
      await client.owner.request('DELETE', `/api/teams/folders/${second.data.id}`);
    });

    it('refuses a bad name, changing nothing', async () => {
      await expectRefused(client.owner, 'POST', '/api/teams/folders', { name: '  ', invitations: [] }, 422);
      await expectRefused(client.owner, 'POST', '/api/teams/folders', { name: 'a/b', invitations: [] }, 422);
    });
  });

  describe('listings', () => {
    it('lists the owner’s team folders with their people, owner first', async () => {
      const page = await list(client.owner, '/api/teams/folders/all?sort=name&direction=asc');
      expect(page.meta.root).toBeNull();
      expect(page.meta.teamFolder).toBeNull();
      expect(page.data.map((r) => r.data.attributes.name)).toEqual(['Project', 'Team']);
      const listed = folderOf(page.data[1]!).data;
      expect(listed.attributes.is_team_folder).toBe(true);
      expect(listed.relationships.members?.data.map((m) => [m.id, m.permission])).toEqual([
        [id.owner, 'owner'],
        [id.editor, 'can_edit'],
        [id.viewer, 'can_view'],
      ]);
      expect(listed.relationships.members?.data[0]).toMatchObject({
        email: 'owner@example.com',
        avatar: null,
        color: expect.any(String),
        name: expect.any(String),
      });
      // Paged like any listing.
      const first = await list(client.owner, '/api/teams/folders/all?sort=name&direction=asc&per_page=1');
      expect(first.meta.paginate).toMatchObject({ total: 2, lastPage: 2 });
      const next = await list(
        client.owner,
        `/api/teams/folders/all?sort=name&direction=asc&per_page=1&cursor=${encodeURIComponent(first.meta.paginate.nextCursor!)}`,
      );
      expect(next.data.map((r) => r.data.attributes.name)).toEqual(['Team']);
      // Members own none; a stranger neither.
      expect((await list(client.editor, '/api/teams/folders/all')).data).toEqual([]);
      expect((await list(client.stranger, '/api/teams/folders/all')).data).toEqual([]);
    });

    it('lists the team folders the user is a member of, never naming the owner’s folders above', async () => {
      for (const who of ['editor', 'viewer'] as const) {
        const res = await client[who].get('/api/teams/shared-with-me/all');
        expect(res.status).toBe(200);
        expect(res.body).not.toContain('Private above');
        expect(res.body).not.toContain(above.id);
        const page = teamBrowseResponse.parse(res.json());
        expect(page.data.map((r) => r.data.id)).toEqual([team.id]);
        const shown = folderOf(page.data[0]!).data;
        expect(shown.attributes.parent_id).toBeNull();
        expect(shown.relationships.parent).toBeNull();
        expect(shown.relationships.shared).toBeNull();
        expect(shown.relationships.members?.data.map((m) => m.id)).toEqual([id.owner, id.editor, id.viewer]);
      }
      expect((await list(client.owner, '/api/teams/shared-with-me/all')).data).toEqual([]);
      expect((await list(client.stranger, '/api/teams/shared-with-me/all')).data).toEqual([]);
    });

    it('lists a folder inside a team with breadcrumbs from the team folder and the caller’s role', async () => {
      const pending = await db()
        .insert(teamInvitations)
        .values({
          folderId: team.id,
          inviterId: id.owner,
          email: 'later@example.com',
          permission: 'can_view',
          color: '#00BC7E',
        })
        .returning();
      try {
        for (const [who, role, url] of [
          ['owner', 'owner', '/api/teams/folders'],
          ['editor', 'can_edit', '/api/teams/shared-with-me'],
          ['viewer', 'can_view', '/api/teams/shared-with-me'],
          // Either side's URL answers for whoever belongs to the team.
          ['editor', 'can_edit', '/api/teams/folders'],
        ] as const) {
          const res = await client[who].get(`${url}/${inside.id}`);
          expect(res.status, res.body).toBe(200);
          // The owner's folders above are the owner's alone.
          if (role !== 'owner') expect(res.body).not.toContain('Private above');
          const page = teamBrowseResponse.parse(res.json());
          expect(page.meta.path.map((p) => p.name)).toEqual(['Team', 'Inside']);
          expect(page.meta.root?.data.id).toBe(inside.id);
          expect(page.data.map((r) => r.data.attributes.name)).toEqual(['deep.txt']);
          expect(page.meta.teamFolder?.meta.role).toBe(role);
          expect(page.meta.teamFolder?.data.id).toBe(team.id);
          expect(page.meta.teamFolder?.data.relationships.members.data.map((m) => m.data.id)).toEqual([
            id.owner,
            id.editor,
            id.viewer,
          ]);
          // Pending invitations are the owner's business only.
          expect(page.meta.teamFolder?.data.relationships.invitations.data.map((i) => i.data.attributes.email)).toEqual(
            role === 'owner' ? ['later@example.com'] : [],
          );
          // The items inside are labelled with their team.
          expect(page.data[0]?.data.relationships.team?.data).toEqual({ id: team.id, name: 'Team' });
        }
        // The team folder itself: the root, without its parent for a member.
        const top = await list(client.viewer, `/api/teams/shared-with-me/${team.id}?sort=name&direction=asc`);
        expect(top.meta.path.map((p) => p.name)).toEqual(['Team']);
        expect(top.meta.root?.data.attributes.parent_id).toBeNull();
        expect(top.meta.root?.data.relationships.parent).toBeNull();
        expect(top.meta.teamFolder?.data.attributes.parent_id).toBeNull();
        expect(top.data.map((r) => r.data.attributes.name)).toEqual(['Inside', 'from-editor.txt']);
        const owners = await list(client.owner, `/api/teams/folders/${team.id}`);
        expect(owners.meta.path.map((p) => p.name)).toEqual(['Team']);
      } finally {
        await db().delete(teamInvitations).where(eq(teamInvitations.id, pending[0]!.id));
      }
    });

    it('starts a member’s breadcrumbs at the team folder in the Files listing too', async () => {
      for (const who of ['editor', 'viewer'] as const) {
        for (const [folder, path] of [
          [inside, ['Team', 'Inside']],
          [team, ['Team']],
        ] as const) {
          const res = await client[who].get(`/api/browse/folders/${folder.id}`);
          expect(res.status, res.body).toBe(200);
          expect(res.body).not.toContain('Private above');
          expect(res.body).not.toContain(above.id);
          expect(browseResponse.parse(res.json()).meta.path.map((p) => p.name)).toEqual(path);
        }
      }
      // The owner's own view keeps the whole path.
      const own = await browse(client.owner, `/api/browse/folders/${inside.id}`);
      expect(own.meta.path.map((p) => p.name)).toEqual(['Private above', 'Team', 'Inside']);
    });

    it('answers 404 for a folder outside the caller’s teams', async () => {
      for (const url of [`/api/teams/folders/${inside.id}`, `/api/teams/shared-with-me/${team.id}`]) {
        const res = await client.stranger.get(url);
        expect(res.status).toBe(404);
        expect(res.body).not.toContain('Team');
      }
      // The owner's own folder that is not in a team, and one the member cannot see.
      expect((await client.owner.get(`/api/teams/folders/${plain.id}`)).status).toBe(404);
      expect((await client.owner.get(`/api/teams/folders/${above.id}`)).status).toBe(404);
      expect((await client.editor.get(`/api/teams/shared-with-me/${above.id}`)).status).toBe(404);
      expect((await client.editor.get(`/api/teams/shared-with-me/${plain.id}`)).status).toBe(404);
    });

    it('answers the team’s folder tree for each role', async () => {
      const tree = async (who: TestClient, folderId: string) => {
        const res = await who.get(`/api/teams/folders/${folderId}/tree`);
        expect(res.status, res.body).toBe(200);
        return navigationResponse.parse(res.json()).data;
      };
      expect(await tree(client.owner, team.id)).toEqual([
        {
          location: 'team-folders',
          name: 'Team',
          folders: [{ id: inside.id, name: 'Inside', color: null, emoji: null, parent_id: team.id, folders: [] }],
          isMovable: true,
          isOpen: true,
        },
      ]);
      expect((await tree(client.editor, inside.id))[0]).toMatchObject({ location: 'shared-with-me', isMovable: true });
      expect((await tree(client.viewer, team.id))[0]).toMatchObject({ location: 'shared-with-me', isMovable: false });
      expect((await client.stranger.get(`/api/teams/folders/${team.id}/tree`)).status).toBe(404);
      expect((await client.owner.get(`/api/teams/folders/${plain.id}/tree`)).status).toBe(404);
    });
  });

  describe('team fields on items everywhere', () => {
    it('marks team folders with their people in the owner’s Files, and items inside with the team', async () => {
      const files = await browse(client.owner, `/api/browse/folders/${above.id}`);
      const shown = folderOf(files.data.find((r) => r.data.id === team.id)!).data;
      expect(shown.attributes.is_team_folder).toBe(true);
      expect(shown.attributes.parent_id).toBe(above.id);
      expect(shown.relationships.members?.data.map((m) => m.permission)).toEqual(['owner', 'can_edit', 'can_view']);
      // A plain folder carries none of it (the root listing shows "Private above" and "Plain").
      const root = await browse(client.owner, '/api/browse/folders/all');
      for (const r of root.data.filter((r) => r.data.id === plain.id || r.data.id === above.id)) {
        expect(r.data.attributes).not.toHaveProperty('is_team_folder');
        expect(r.data.relationships).not.toHaveProperty('members');
        expect(r.data.relationships).not.toHaveProperty('team');
      }
      // Inside: the team label, the creator when not the owner, and the folder listed as a team folder.
      const within = await browse(client.owner, `/api/browse/folders/${team.id}`);
      expect(within.meta.root?.data.attributes.is_team_folder).toBe(true);
      expect(within.meta.root?.data.relationships.members?.data).toHaveLength(3);
      const uploaded = within.data.find((r) => r.data.id === byEditor.id)!;
      expect(uploaded.data.relationships.team?.data).toEqual({ id: team.id, name: 'Team' });
      expect(uploaded.data.relationships.creator?.data).toMatchObject({ id: id.editor, email: 'editor@example.com' });
      const folder = within.data.find((r) => r.data.id === inside.id)!;
      expect(folder.data.relationships.team?.data).toEqual({ id: team.id, name: 'Team' });
      expect(folder.data.relationships).not.toHaveProperty('creator');
    });

    it('labels latest files and search results with their team', async () => {
      const latest = await browse(client.owner, '/api/browse/latest');
      const deep = latest.data.find((r) => r.data.attributes.name === 'deep.txt')!;
      expect(deep.data.relationships.team?.data).toEqual({ id: team.id, name: 'Team' });
      const res = await client.owner.get('/api/search?query=inside');
      expect(res.status, res.body).toBe(200);
      const found = res.json<{ data: ItemResource[] }>().data.find((r) => r.data.id === inside.id)!;
      expect(found.data.relationships.team?.data).toEqual({ id: team.id, name: 'Team' });
    });

    it('costs a folder listing no statement more, and a search at most one', async () => {
      /** Counts the statements the app sends while `run` runs, by wrapping the context's database. */
      const statements = async (run: () => Promise<unknown>) => {
        let n = 0;
        const counting = (target: Db): Db =>
          new Proxy(target, {
            get(t, prop, receiver) {
              const value: unknown = Reflect.get(t, prop, receiver);
              if (typeof value !== 'function') return value;
              if (prop === 'transaction') {
                return (fn: (tx: Db) => Promise<unknown>, ...rest: unknown[]) =>
                  t.transaction((tx) => fn(counting(tx)), ...(rest as []));
              }
              if (['execute', 'select', 'update', 'insert', 'delete'].includes(String(prop))) n++;
              return (value as (...a: unknown[]) => unknown).bind(t);
            },
          });
        const real = server.ctx.db;
        Object.defineProperty(server.ctx, 'db', { configurable: true, get: () => counting(real) });
        try {
          await run();
        } finally {
          delete (server.ctx as { db?: Db }).db;
        }
        return n;
      };
      await seedFile(server, id.owner, { name: 'plain.txt', parentId: plain.id });
      await seedFolder(server, id.owner, { name: 'Plain sub', parentId: plain.id });
      // Someone without any team, at the top of their tree.
      await seedFolder(server, id.stranger, { name: 'Mine' });
      await seedFile(server, id.stranger, { name: 'mine.txt' });
      const loaders = server.ctx.itemRelationships;
      const cost = async () => ({
        folder: await statements(() => browse(client.owner, `/api/browse/folders/${plain.id}`)),
        root: await statements(() => browse(client.stranger, '/api/browse/folders/all')),
        latest: await statements(() => browse(client.stranger, '/api/browse/latest')),
        search: await statements(() => client.owner.get('/api/search?query=plain')),
      });
      const withTeams = await cost();
      server.ctx.itemRelationships = loaders.filter((l) => l.audience !== 'viewer');
      let without;
      try {
        without = await cost();
      } finally {
        server.ctx.itemRelationships = loaders;
      }
      expect(withTeams.folder).toBe(without.folder);
      expect(withTeams.root).toBe(without.root);
      expect(withTeams.search).toBeLessThanOrEqual(without.search + 1);
      expect(withTeams.latest).toBeLessThanOrEqual(without.latest + 1);
    });
  });

  describe('update', () => {
    beforeEach(async () => {
      await setMembers(team.id, [
        [id.editor, 'can_edit'],
        [id.viewer, 'can_view'],
      ]);
    });

    it('refuses members (403), strangers (404), a plain folder and a member made owner, changing nothing', async () => {
      const body = { members: [], invitations: [] };
      await expectRefused(client.editor, 'PATCH', `/api/teams/folders/${team.id}`, body, 403);
      await expectRefused(client.viewer, 'PATCH', `/api/teams/folders/${team.id}`, body, 403);
      await expectRefused(client.stranger, 'PATCH', `/api/teams/folders/${team.id}`, body, 404);
      await expectRefused(client.owner, 'PATCH', `/api/teams/folders/${plain.id}`, body, 404, 'teams.not_team_folder');
      await expectRefused(
        client.owner,
        'PATCH',
        `/api/teams/folders/${team.id}`,
        { members: [{ id: id.editor, permission: 'owner' }], invitations: [] },
        422,
      );
      await expectRefused(
        client.owner,
        'PATCH',
        `/api/teams/folders/${team.id}`,
        {
          members: [
            { id: id.editor, permission: 'can_view' },
            { id: id.editor, permission: 'can_edit' },
          ],
          invitations: [],
        },
        422,
      );
    });

    it('sets the wanted members: permissions changed, those left out removed and told', async () => {
      const told = (await ended()).length;
      const changedFor = async (userId: string) =>
        db()
          .select({ payload: outboxEvents.payload })
          .from(outboxEvents)
          .where(and(eq(outboxEvents.name, 'items.changed'), eq(outboxEvents.userId, userId)))
          .orderBy(outboxEvents.id);
      const [viewerBefore, editorBefore] = [(await changedFor(id.viewer)).length, (await changedFor(id.editor)).length];
      const res = await client.owner.request('PATCH', `/api/teams/folders/${team.id}`, {
        // The owner listed changes nothing; an id that is no member is ignored.
        members: [
          { id: id.owner, permission: 'owner' },
          { id: id.editor, permission: 'can_view' },
          { id: id.stranger, permission: 'can_edit' },
        ],
        invitations: [],
      });
      expect(res.status, res.body).toBe(200);
      const resource = teamFolderResource.parse(res.json());
      expect(resource.data.relationships.members.data.map((m) => [m.data.id, m.data.attributes.permission])).toEqual([
        [id.owner, 'owner'],
        [id.editor, 'can_view'],
      ]);
      const rows = await db().select().from(teamMembers).where(eq(teamMembers.folderId, team.id));
      expect(rows.map((r) => [r.userId, r.permission])).toEqual([[id.editor, 'can_view']]);
      expect((await ended()).slice(told)).toEqual([
        { userId: id.viewer, folder_id: team.id, name: 'Team', reason: 'removed' },
      ]);
      // The removed member lost access at once; the editor now only views.
      expect((await client.viewer.get(`/api/teams/shared-with-me/${team.id}`)).status).toBe(404);
      expect((await list(client.viewer, '/api/teams/shared-with-me/all')).data).toEqual([]);
      const editorView = await list(client.editor, `/api/teams/shared-with-me/${team.id}`);
      expect(editorView.meta.teamFolder?.meta.role).toBe('can_view');
      // The removed member's listings refresh on `team.access_ended`; no event names a folder they
      // can no longer read (ADR 0062). The editor, who still reads it, hears of the change.
      expect((await changedFor(id.viewer)).slice(viewerBefore)).toEqual([]);
      expect((await changedFor(id.editor)).slice(editorBefore).map((c) => c.payload)).toEqual([{ folders: [team.id] }]);
    });

    it('removes every member when none is listed', async () => {
      const res = await client.owner.request('PATCH', `/api/teams/folders/${team.id}`, {
        members: [],
        invitations: [],
      });
      expect(res.status, res.body).toBe(200);
      expect(await db().select().from(teamMembers).where(eq(teamMembers.folderId, team.id))).toEqual([]);
    });
  });

  describe('leave', () => {
    beforeEach(async () => {
      await setMembers(team.id, [
        [id.editor, 'can_edit'],
        [id.viewer, 'can_view'],
      ]);
    });

    it('refuses the owner (they dissolve), strangers and folders that are not team folders, changing nothing', async () => {
      await expectRefused(
        client.owner,
        'DELETE',
        `/api/teams/folders/${team.id}/leave`,
        undefined,
        403,
        'teams.owner_only',
      );
      await expectRefused(client.stranger, 'DELETE', `/api/teams/folders/${team.id}/leave`, undefined, 404);
      await expectRefused(
        client.editor,
        'DELETE',
        `/api/teams/folders/${inside.id}/leave`,
        undefined,
        404,
        'teams.not_team_folder',
      );
    });

    it('ends the member’s access, tells them alone, and keeps the others', async () => {
      const told = (await ended()).length;
      const res = await client.viewer.request('DELETE', `/api/teams/folders/${team.id}/leave`);
      expect(res.status, res.body).toBe(200);
      const rows = await db().select().from(teamMembers).where(eq(teamMembers.folderId, team.id));
      expect(rows.map((r) => r.userId)).toEqual([id.editor]);
      expect((await ended()).slice(told)).toEqual([
        { userId: id.viewer, folder_id: team.id, name: 'Team', reason: 'left' },
      ]);
      expect((await client.viewer.get(`/api/teams/shared-with-me/${inside.id}`)).status).toBe(404);
      expect((await client.viewer.request('DELETE', `/api/teams/folders/${team.id}/leave`)).status).toBe(404);
    });
  });

  describe('dissolve', () => {
    beforeEach(async () => {
      await setMembers(team.id, [
        [id.editor, 'can_edit'],
        [id.viewer, 'can_view'],
      ]);
    });

    it('refuses members (403), strangers (404) and a plain folder, changing nothing', async () => {
      await expectRefused(client.editor, 'DELETE', `/api/teams/folders/${team.id}`, undefined, 403);
      await expectRefused(client.viewer, 'DELETE', `/api/teams/folders/${team.id}`, undefined, 403);
      await expectRefused(client.stranger, 'DELETE', `/api/teams/folders/${team.id}`, undefined, 404);
      await expectRefused(
        client.owner,
        'DELETE',
        `/api/teams/folders/${plain.id}`,
        undefined,
        404,
        'teams.not_team_folder',
      );
      await expectRefused(
        client.owner,
        'DELETE',
        `/api/teams/folders/${inside.id}`,
        undefined,
        404,
        'teams.not_team_folder',
      );
    });

    it('dissolves a team folder its owner put in the trash', async () => {
      const made = teamFolderResource.parse(
        (await client.owner.post('/api/teams/folders', { name: 'Old team' })).json(),
      );
      await db().insert(teamMembers).values({ folderId: made.data.id, userId: id.viewer, permission: 'can_view' });
      const trashed = await client.owner.post('/api/remove', { items: [{ id: made.data.id, type: 'folder' }] });
      expect(trashed.status, trashed.body).toBe(200);
      // Gone for the member, who cannot leave it either; its owner can still end the team.
      expect((await client.viewer.request('DELETE', `/api/teams/folders/${made.data.id}/leave`)).status).toBe(404);
      const res = await client.owner.request('DELETE', `/api/teams/folders/${made.data.id}`);
      expect(res.status, res.body).toBe(200);
      expect(await db().select().from(teamFolders).where(eq(teamFolders.folderId, made.data.id))).toEqual([]);
      expect(await db().select().from(teamMembers).where(eq(teamMembers.folderId, made.data.id))).toEqual([]);
    });

    it('leaves the folder where it is as a plain folder and ends every member’s access at once', async () => {
      const told = (await ended()).length;
      const res = await client.owner.request('DELETE', `/api/teams/folders/${team.id}`);
      expect(res.status, res.body).toBe(200);
      expect(await db().select().from(teamFolders).where(eq(teamFolders.folderId, team.id))).toEqual([]);
      expect(await db().select().from(teamMembers).where(eq(teamMembers.folderId, team.id))).toEqual([]);
      expect((await row(team.id))?.parentId).toBe(above.id);
      expect((await row(inside.id))?.parentId).toBe(team.id);
      expect(
        (await ended())
          .slice(told)
          .map((e) => [e.userId, (e as { reason?: string }).reason])
          .sort(),
      ).toEqual(
        [
          [id.editor, 'dissolved'],
          [id.viewer, 'dissolved'],
        ].sort(),
      );
      for (const who of ['editor', 'viewer'] as const) {
        expect((await client[who].get(`/api/teams/shared-with-me/${team.id}`)).status).toBe(404);
        expect((await list(client[who], '/api/teams/shared-with-me/all')).data).toEqual([]);
      }
      // The owner sees a plain folder.
      const files = await browse(client.owner, `/api/browse/folders/${above.id}`);
      const shown = files.data.find((r) => r.data.id === team.id)!;
      expect(shown.data.attributes).not.toHaveProperty('is_team_folder');
      expect(shown.data.relationships).not.toHaveProperty('members');
      expect((await client.owner.request('DELETE', `/api/teams/folders/${team.id}`)).json().code).toBe(
        'teams.not_team_folder',
      );
      // Converting it again works: it is a plain folder.
      const again = await client.owner.post(`/api/teams/folders/${team.id}/convert`, { invitations: [] });
      expect(again.status, again.body).toBe(201);
    });
  });

  describe('invitations through the team-folder API', () => {
    const pending = async (folderId: string) =>
      (await db().select().from(teamInvitations).where(eq(teamInvitations.folderId, folderId)))
        .map((i) => [i.email, i.permission, i.status])
        .sort();
    afterAll(() => writeSettings(db(), { subscription_type: 'none', default_max_team_member: 10 }));

    it('invites with a new team folder, in the same transaction, and mails after commit', async () => {
      const mails = server.outbox().length;
      const res = await client.owner.post('/api/teams/folders', {
        name: 'Invited team',
        invitations: [
          { email: 'new@example.com', permission: 'can_view' },
          { email: 'stranger@example.com', permission: 'can_edit' },
        ],
      });
      expect(res.status, res.body).toBe(201);
      const made = teamFolderResource.parse(res.json());
      expect(made.data.relationships.invitations.data.map((i) => i.data.attributes.email).sort()).toEqual([
        'new@example.com',
        'stranger@example.com',
      ]);
      expect(await pending(made.data.id)).toEqual([
        ['new@example.com', 'can_view', 'pending'],
        ['stranger@example.com', 'can_edit', 'pending'],
      ]);
      expect(server.outbox().length).toBe(mails + 2);

      // PATCH: one kept with another permission, one left out (withdrawn), one new.
      const patched = await client.owner.request('PATCH', `/api/teams/folders/${made.data.id}`, {
        members: [],
        invitations: [
          { email: 'new@example.com', permission: 'can_edit' },
          { email: 'third@example.com', permission: 'can_view' },
        ],
      });
      expect(patched.status, patched.body).toBe(200);
      expect(
        teamFolderResource
          .parse(patched.json())
          .data.relationships.invitations.data.map((i) => [i.data.attributes.email, i.data.attributes.permission])
          .sort(),
      ).toEqual([
        ['new@example.com', 'can_edit'],
        ['third@example.com', 'can_view'],
      ]);
      expect(await pending(made.data.id)).toEqual([
        ['new@example.com', 'can_edit', 'pending'],
        ['stranger@example.com', 'can_edit', 'withdrawn'],
        ['third@example.com', 'can_view', 'pending'],
      ]);

      // Dissolving withdraws what is still pending.
      expect((await client.owner.request('DELETE', `/api/teams/folders/${made.data.id}`)).status).toBe(200);
      expect((await pending(made.data.id)).map((i) => i[2])).toEqual(['withdrawn', 'withdrawn', 'withdrawn']);
    });

    it('converts with invitations', async () => {
      const folder = await seedFolder(server, id.owner, { name: 'To convert' });
      const res = await client.owner.post(`/api/teams/folders/${folder.id}/convert`, {
        invitations: [{ email: 'viewer@example.com', permission: 'can_view' }],
      });
      expect(res.status, res.body).toBe(201);
      expect(await pending(folder.id)).toEqual([['viewer@example.com', 'can_view', 'pending']]);
    });

    it('creates nothing when an invitation is refused (the owner’s own email, the member limit)', async () => {
      await expectRefused(
        client.owner,
        'POST',
        '/api/teams/folders',
        { name: 'Self', invitations: [{ email: 'owner@example.com', permission: 'can_edit' }] },
        422,
        'teams.invite_self',
      );
      await writeSettings(db(), { subscription_type: 'fixed', default_max_team_member: 1 });
      await expectRefused(
        client.stranger,
        'POST',
        '/api/teams/folders',
        {
          name: 'Too many',
          invitations: [
            { email: 'a@example.com', permission: 'can_edit' },
            { email: 'b@example.com', permission: 'can_edit' },
          ],
        },
        403,
        'teams.member_limit',
      );
      const mine = await seedFolder(server, id.stranger, { name: 'Mine to convert' });
      await expectRefused(
        client.stranger,
        'POST',
        `/api/teams/folders/${mine.id}/convert`,
        {
          invitations: [
            { email: 'a@example.com', permission: 'can_edit' },
            { email: 'b@example.com', permission: 'can_edit' },
          ],
        },
        403,
        'teams.member_limit',
      );
    });
  });
});
