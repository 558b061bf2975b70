import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/db/migrate.js';
import { teamMembers } from '../../../test/tables.js';
import { BLOB_DELETIONS_JOB } from '../storage/index.js';
import {
  decodedMail,
  installWithAdmin,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { USER_DELETIONS_JOB } from './user-deletion.js';

const ADMIN_EMAIL = 'admin@example.com';

async function createUser(admin: TestClient, email: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/users', {
    name: `Person ${email.split('@')[0]}`,
    email,
    password: 'secret-password-1',
    password_confirmation: 'secret-password-1',
    role: 'user',
    ...extra,
  });
  expect(res.status, res.body).toBe(201);
  return res.json().data as { id: string; email: string; status: string; email_verified_at: string | null };
}

async function signIn(server: TestServer, email: string, password = 'secret-password-1') {
  const client = server.client();
  const res = await client.post('/api/login', { email, password });
  return { client, res };
}

describe('admin users API: who may call', () => {
  let server: TestServer;
  let user: TestClient;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer();
    await installWithAdmin(server);
    user = await registerUser(server);
    userId = await userIdOf(server, 'user@example.com');
  });
  afterAll(() => server.close());

  it('answers 401 to a visitor and 403 to a user on every new endpoint, changing nothing', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${userId}`],
      ['POST', '/api/admin/users', { name: 'X', email: 'x@example.com', password: 'p', password_confirmation: 'p' }],
      ['PATCH', `/api/admin/users/${userId}/role`, { role: 'admin' }],
      ['PATCH', `/api/admin/users/${userId}/capacity`, { max_storage_amount: 1 }],
      ['POST', `/api/admin/users/${userId}/reset-password`, {}],
      ['GET', `/api/admin/users/${userId}/storage`],
      ['POST', `/api/admin/users/${userId}/suspend`, {}],
      ['POST', `/api/admin/users/${userId}/unsuspend`, {}],
      ['DELETE', `/api/admin/users/${userId}`, { email: 'user@example.com' }],
      ['GET', `/api/admin/users/${userId}/deletion`],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, url, body] of calls) {
      const visitor = await server.client().request(method, url, body);
      expect(visitor.status, `${method} ${url}`).toBe(401);
      const denied = await user.request(method, url, body);
      expect(denied.status, `${method} ${url}`).toBe(403);
      expect(denied.json().code).toBe('auth.forbidden');
    }
    expect((await user.get('/api/user')).json().data.attributes.role).toBe('user');
  });
});

describe('admin users API', () => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    adminId = await userIdOf(server, ADMIN_EMAIL);
  });
  afterAll(() => server.close());

  const audit = async (userId?: string) =>
    (await admin.get(`/api/admin/audit${userId ? `?user=${userId}` : ''}`)).json().data as {
      action: string;
      actor: { email: string };
      target: { id: string } | null;
      details: Record<string, unknown>;
    }[];

  it('creates a verified user who can sign in at once, and logs it', async () => {
    const created = await createUser(admin, 'carol@example.com', { max_storage_amount: 2 });
    expect(created.status).toBe('active');
    expect(created.email_verified_at).not.toBeNull();
    const { client, res } = await signIn(server, 'carol@example.com');
    expect(res.status, res.body).toBe(200);
    expect((await client.get('/api/user/storage')).json().data.attributes.capacity).toBe(2_000_000_000);
    const [entry] = await audit(created.id);
    expect(entry).toMatchObject({
      action: 'user.created',
      actor: { email: ADMIN_EMAIL },
      target: { id: created.id },
      details: { role: 'user', max_storage_amount: 2 },
    });
    expect(JSON.stringify(entry)).not.toContain('secret-password-1');
  });

  it('validates the new user: fields, confirmation, role, a taken email', async () => {
    const base = {
      name: 'Dan',
      email: 'dan@example.com',
      password: 'pw-123456',
      password_confirmation: 'pw-123456',
      role: 'user',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, password_confirmation: 'other' }, 'validation.failed', 'password_confirmation'],
      [{ ...base, role: 'owner' }, 'validation.failed', 'role'],
      [{ ...base, email: 'not-an-email' }, 'validation.failed', 'email'],
      [{ ...base, name: '' }, 'validation.failed', 'name'],
      [{ ...base, max_storage_amount: -1 }, 'validation.failed', 'max_storage_amount'],
      [{ ...base, email: 'CAROL@example.com' }, 'auth.email_taken', 'email'],
    ];
    for (const [body, code, field] of cases) {
      const res = await admin.post('/api/admin/users', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe(code);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    expect((await admin.get('/api/admin/users?query=dan@')).json().data).toEqual([]);
  });

  it('lists users with search, sort, role and status filters and pages', async () => {
    for (let i = 0; i < 22; i++) await createUser(admin, `bulk${String(i).padStart(2, '0')}@example.com`);
    const first = (await admin.get('/api/admin/users?sort=email&direction=asc')).json();
    expect(first.meta.paginate).toMatchObject({ currentPage: 1, perPage: 20, total: 24, lastPage: 2 });
    expect(first.data[0].email).toBe(ADMIN_EMAIL);
    expect(first.data[1].email).toBe('bulk00@example.com');
    const second = (await admin.get('/api/admin/users?sort=email&direction=asc&page=2')).json();
    expect(second.data.map((u: { email: string }) => u.email)).toEqual([
      'bulk19@example.com',
      'bulk20@example.com',
      'bulk21@example.com',
      'carol@example.com',
    ]);
    const byName = (await admin.get('/api/admin/users?query=person%20bulk1')).json();
    expect(byName.meta.paginate.total).toBe(10);
    const admins = (await admin.get('/api/admin/users?role=admin')).json();
    expect(admins.data.map((u: { id: string }) => u.id)).toEqual([adminId]);
    // A search for a LIKE wildcard matches the character only.
    expect((await admin.get('/api/admin/users?query=%25')).json().data).toEqual([]);
    expect((await admin.get('/api/admin/users?sort=password')).status).toBe(422);
    expect((await admin.get('/api/admin/users?page=0')).status).toBe(422);
    const suspendedBefore = (await admin.get('/api/admin/users?status=suspended')).json().data;
    expect(suspendedBefore).toEqual([]);
  });

  it('changes a role, refusing one’s own demotion and keeping the last administrator', async () => {
    const carolId = await userIdOf(server, 'carol@example.com');
    const self = await admin.request('PATCH', `/api/admin/users/${adminId}/role`, { role: 'user' });
    expect(self.status).toBe(409);
    expect(self.json().code).toBe('admin.self');
    const promoted = await admin.request('PATCH', `/api/admin/users/${carolId}/role`, { role: 'admin' });
    expect(promoted.status, promoted.body).toBe(200);
    expect(promoted.json().data.role).toBe('admin');
    expect((await admin.request('PATCH', `/api/admin/users/${carolId}/role`, { role: 'owner' })).status).toBe(422);

    // Two administrators demoting each other at once: one wins, the other finds itself the last one.
    const { client: carol } = await signIn(server, 'carol@example.com');
    const [a, b] = await Promise.all([
      admin.request('PATCH', `/api/admin/users/${carolId}/role`, { role: 'user' }),
      carol.request('PATCH', `/api/admin/users/${adminId}/role`, { role: 'user' }),
    ]);
    // The loser is refused either as the last administrator (409), or, when the winner's demotion
    // committed before the loser's request was authorised, as no longer an administrator (403).
    const loser = [a, b].find((r) => r.status !== 200);
    expect([a, b].filter((r) => r.status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(loser?.status);
    if (loser?.status === 409) expect(loser.json().code).toBe('admin.last_admin');
    const admins = (await admin.get('/api/admin/users?role=admin')).json().data;
    expect(admins).toHaveLength(1);
    const actions = (await audit()).filter((e) => e.action === 'user.role_changed');
    expect(actions.length).toBeGreaterThanOrEqual(2);
    // Which one wins is up to the database; the first admin stays the admin for the next tests.
    if (admins[0].id !== adminId) {
      expect((await carol.request('PATCH', `/api/admin/users/${adminId}/role`, { role: 'admin' })).status).toBe(200);
      expect((await admin.request('PATCH', `/api/admin/users/${carolId}/role`, { role: 'user' })).status).toBe(200);
    }
  });

  it('changes capacity with max_storage_amount (or the older capacity) and shows it in the user’s storage', async () => {
    const carolId = await userIdOf(server, 'carol@example.com');
    const res = await admin.request('PATCH', `/api/admin/users/${carolId}/capacity`, { max_storage_amount: 0.5 });
    expect(res.status, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ max_storage_amount: 0.5, storage_capacity: 500_000_000 });
    const { client } = await signIn(server, 'carol@example.com');
    expect((await client.get('/api/user/storage')).json().data.attributes.capacity).toBe(500_000_000);
    expect(
      (await admin.request('PATCH', `/api/admin/users/${carolId}/capacity`, { capacity: 3 })).json().data
        .max_storage_amount,
    ).toBe(3);
    for (const body of [
      {},
      { max_storage_amount: 0 },
      { max_storage_amount: 'lots' },
      { max_storage_amount: 2_000_000 },
    ]) {
      const bad = await admin.request('PATCH', `/api/admin/users/${carolId}/capacity`, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }
    const storage = (await admin.get(`/api/admin/users/${carolId}/storage`)).json().data;
    expect(storage).toMatchObject({ capacity: 3_000_000_000, max_storage_amount: 3, used: 0 });
    expect(Object.keys(storage.breakdown)).toEqual(['images', 'videos', 'audios', 'documents', 'others', 'trash']);
    const entry = (await audit(carolId)).find((e) => e.action === 'user.capacity_changed');
    expect(entry?.details).toEqual({ from: 0.5, to: 3 });
    expect((await admin.get(`/api/admin/users/${crypto.randomUUID()}/storage`)).status).toBe(404);
  });

  it('mails a reset link through the password-reset machinery, and logs it', async () => {
    const carolId = await userIdOf(server, 'carol@example.com');
    const mails = server.outbox().length;
    const res = await admin.post(`/api/admin/users/${carolId}/reset-password`);
    expect(res.status, res.body).toBe(200);
    const mail = decodedMail(server.outbox().at(-1) ?? '');
    expect(server.outbox().length).toBe(mails + 1);
    expect(mail).toContain('carol@example.com');
    expect(mail).toMatch(/reset-password|password\/reset|create-new-password/);
    expect((await audit(carolId))[0]?.action).toBe('user.reset_link_sent');
  });

  it('logs settings changes without the value of a secret', async () => {
    expect((await admin.request('PATCH', '/api/admin/settings', { name: 'app_title', value: 'Box' })).status).toBe(200);
    expect(
      (await admin.request('PATCH', '/api/admin/settings', { name: 'github_client_secret', value: 'very-secret-x' }))
        .status,
    ).toBe(200);
    const entries = (await audit()).filter((e) => e.action === 'settings.changed');
    expect(entries[1]?.details).toMatchObject({ name: 'app_title', to: 'Box' });
    expect(entries[0]?.details).toEqual({ name: 'github_client_secret', secret: true, set: true });
    expect(JSON.stringify(await audit())).not.toContain('very-secret-x');
    // A refused change writes nothing.
    const count = (await audit()).length;
    expect((await admin.request('PATCH', '/api/admin/settings', { name: 'nope', value: 1 })).status).toBe(422);
    expect((await audit()).length).toBe(count);
  });

  describe('suspension', () => {
    let dora: { id: string };
    let doraClient: TestClient;
    let shareToken: string;
    let requestToken: string;
    let bearer: string;
    beforeAll(async () => {
      dora = await createUser(admin, 'dora@example.com');
      doraClient = (await signIn(server, 'dora@example.com')).client;
      const file = await seedFile(server, dora.id, { name: 'plan.txt' });
      const inbox = await seedFolder(server, dora.id, { name: 'Inbox' });
      shareToken = (await doraClient.post('/api/share', { id: file.id, type: 'file' })).json().data.attributes.token;
      requestToken = (await doraClient.post('/api/file-request', { folder_id: inbox.id })).json().data.attributes.token;
      bearer = (await doraClient.post('/api/user/tokens', { name: 'script', password: 'secret-password-1' })).json()
        .plainTextToken;
      expect((await server.client().get(`/api/sharing/${shareToken}`)).status).toBe(200);
      expect((await server.client().get(`/api/file-request/${requestToken}`)).status).toBe(200);
      expect(
        (await server.client().request('GET', '/api/user', undefined, { authorization: `Bearer ${bearer}` })).status,
      ).toBe(200);
    });

    it('refuses oneself', async () => {
      const res = await admin.post(`/api/admin/users/${adminId}/suspend`);
      expect(res.status).toBe(409);
      expect(res.json().code).toBe('admin.self');
    });

    it('blocks password sign-in, ends the sessions, stops the token and the links', async () => {
      const res = await admin.post(`/api/admin/users/${dora.id}/suspend`);
      expect(res.status, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'suspended', sessions: [] });
      expect((await doraClient.get('/api/user')).status).toBe(401);
      const { res: login } = await signIn(server, 'dora@example.com');
      expect(login.status).toBe(403);
      expect(login.json().code).toBe('auth.account_suspended');
      // A wrong password still says only that it is wrong.
      expect((await signIn(server, 'dora@example.com', 'wrong-password')).res.json().code).toBe(
        'auth.invalid_credentials',
      );
      const token = await server.client().request('GET', '/api/user', undefined, { authorization: `Bearer ${bearer}` });
      expect(token.status).toBe(401);
      for (const url of [
        `/api/sharing/${shareToken}`,
        `/api/file-request/${requestToken}`,
        `/api/file-request/${requestToken}/browse`,
      ]) {
        const link = await server.client().get(url);
        expect(link.status, url).toBe(403);
        expect(link.json().code).toBe('link.owner_unavailable');
      }
      expect(
        (await admin.get('/api/admin/users?status=suspended')).json().data.map((u: { id: string }) => u.id),
      ).toEqual([dora.id]);
      expect((await audit(dora.id))[0]?.action).toBe('user.suspended');
    });

    it('lets the account back in when unsuspended', async () => {
      const res = await admin.post(`/api/admin/users/${dora.id}/unsuspend`);
      expect(res.json().data.status).toBe('active');
      const { client, res: login } = await signIn(server, 'dora@example.com');
      expect(login.status).toBe(200);
      expect((await client.get('/api/user')).status).toBe(200);
      expect((await server.client().get(`/api/sharing/${shareToken}`)).status).toBe(200);
      expect((await server.client().get(`/api/file-request/${requestToken}`)).status).toBe(200);
      expect(
        (await server.client().request('GET', '/api/user', undefined, { authorization: `Bearer ${bearer}` })).status,
      ).toBe(200);
      expect((await audit(dora.id))[0]?.action).toBe('user.unsuspended');
    });
  });
});

/** Every row keyed to the user, table by table. */
async function footprint(server: TestServer, userId: string) {
  const [row] = rowsOf<Record<string, string | number>>(
    await server.ctx.db.execute(sql`select
      (select count(*) from users where id = ${userId}::uuid) as users,
      (select count(*) from items where owner_id = ${userId}::uuid) as items,
      (select count(*) from items where creator_id = ${userId}::uuid) as created_items,
      (select count(*) from shares where user_id = ${userId}::uuid) as shares,
      (select count(*) from file_requests where user_id = ${userId}::uuid) as file_requests,
      (select count(*) from sessions where user_id = ${userId}::uuid) as sessions,
      (select count(*) from personal_access_tokens where user_id = ${userId}::uuid) as tokens,
      (select count(*) from team_folders where owner_id = ${userId}::uuid) as team_folders,
      (select count(*) from team_members where user_id = ${userId}::uuid) as memberships,
      (select count(*) from team_invitations where inviter_id = ${userId}::uuid) as invitations,
      (select count(*) from favourites where user_id = ${userId}::uuid) as favourites,
      (select count(*) from notifications where user_id = ${userId}::uuid) as notifications,
      (select count(*) from password_resets where user_id = ${userId}::uuid) as password_resets`),
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

describe('deleting a user', () => {
  let server: TestServer;
  let admin: TestClient;
  let alice: { id: string };
  let bob: { id: string };
  let bobClient: TestClient;
  let aliceShare: string;
  const aliceKeys: string[] = [];
  const bobKeys: string[] = [];
  let aliceTeam: string;
  let bobTeam: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    alice = await createUser(admin, 'alice@example.com');
    bob = await createUser(admin, 'bob@example.com');
    const aliceClient = (await signIn(server, 'alice@example.com')).client;
    bobClient = (await signIn(server, 'bob@example.com')).client;
    // Alice: nested folders, files, a share, an upload request, a token, a team with Bob in it.
    const docs = await seedFolder(server, alice.id, { name: 'Docs' });
    const deep = await seedFolder(server, alice.id, { name: 'Deep', parentId: docs.id });
    for (const [name, parentId] of [
      ['a.txt', null],
      ['b.txt', docs.id],
      ['c.txt', deep.id],
    ] as const) {
      aliceKeys.push((await seedFile(server, alice.id, { name, parentId })).blobKey ?? '');
    }
    aliceShare = (await aliceClient.post('/api/share', { id: docs.id, type: 'folder' })).json().data.attributes.token;
    expect((await aliceClient.post('/api/file-request', { folder_id: deep.id })).status).toBe(201);
    expect((await aliceClient.post('/api/user/tokens', { name: 'cli', password: 'secret-password-1' })).status).toBe(
      201,
    );
    aliceTeam = (await aliceClient.post('/api/teams/folders', { name: 'Alice team' })).json().data.id;
    await server.ctx.db.insert(teamMembers).values({ folderId: aliceTeam, userId: bob.id, permission: 'can_edit' });
    // Bob: his own files, share and team, with Alice as a member.
    const bobFiles = [];
    for (const name of ['x.txt', 'y.txt']) bobFiles.push(await seedFile(server, bob.id, { name }));
    bobKeys.push(...bobFiles.map((f) => f.blobKey ?? ''));
    const bobFileId = bobFiles[0]?.id;
    expect((await bobClient.post('/api/share', { id: bobFileId, type: 'file' })).status).toBe(201);
    bobTeam = (await bobClient.post('/api/teams/folders', { name: 'Bob team' })).json().data.id;
    await server.ctx.db.insert(teamMembers).values({ folderId: bobTeam, userId: alice.id, permission: 'can_view' });
    expect((await bobClient.post('/api/user/tokens', { name: 'bob-cli', password: 'secret-password-1' })).status).toBe(
      201,
    );
  });
  afterAll(() => server.close());

  it('refuses oneself, a wrong email, and an unknown user', async () => {
    const adminId = await userIdOf(server, ADMIN_EMAIL);
    const self = await admin.request('DELETE', `/api/admin/users/${adminId}`, { email: ADMIN_EMAIL });
    expect(self.json().code).toBe('admin.self');
    const wrong = await admin.request('DELETE', `/api/admin/users/${alice.id}`, { email: 'Alice' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().code).toBe('admin.email_mismatch');
    expect((await admin.request('DELETE', `/api/admin/users/${alice.id}`, {})).status).toBe(422);
    expect(
      (await admin.request('DELETE', `/api/admin/users/${crypto.randomUUID()}`, { email: 'x@example.com' })).status,
    ).toBe(404);
    expect((await signIn(server, 'alice@example.com')).res.status).toBe(200);
  });

  it('removes exactly the user’s rows and blobs, in a job with progress, and nothing of anyone else’s', async () => {
    const bobBefore = await footprint(server, bob.id);
    const aliceBefore = await footprint(server, alice.id);
    expect(aliceBefore.items).toBeGreaterThanOrEqual(6);
    expect(aliceBefore).toMatchObject({
      users: 1,
      shares: 1,
      file_requests: 1,
      tokens: 1,
      team_folders: 1,
      memberships: 1,
    });
    for (const key of [...aliceKeys, ...bobKeys]) expect(await server.ctx.storage.head(key), key).not.toBeNull();

    const res = await admin.request('DELETE', `/api/admin/users/${alice.id}`, { email: ' ALICE@example.com ' });
    expect(res.status, res.body).toBe(202);
    expect(res.json().data).toMatchObject({
      status: 'running',
      phase: 'teams',
      total_items: aliceBefore.items,
      deleted_items: 0,
    });

    // While the job has not run: no sign-in, no link, no second deletion, no other change.
    expect((await signIn(server, 'alice@example.com')).res.json().code).toBe('auth.account_suspended');
    expect((await server.client().get(`/api/sharing/${aliceShare}`)).json().code).toBe('link.owner_unavailable');
    expect(
      (await admin.request('DELETE', `/api/admin/users/${alice.id}`, { email: 'alice@example.com' })).json().code,
    ).toBe('admin.user_deleting');
    expect((await admin.post(`/api/admin/users/${alice.id}/unsuspend`)).json().code).toBe('admin.user_deleting');
    expect((await admin.get(`/api/admin/users?status=deleting`)).json().data).toHaveLength(1);

    await server.ctx.jobs.drain([USER_DELETIONS_JOB, BLOB_DELETIONS_JOB]);

    const done = (await admin.get(`/api/admin/users/${alice.id}/deletion`)).json().data;
    expect(done).toMatchObject({
      status: 'done',
      phase: 'done',
      total_items: aliceBefore.items,
      deleted_items: aliceBefore.items,
    });
    expect((await admin.get(`/api/admin/users/${alice.id}`)).status).toBe(404);
    expect(Object.values(await footprint(server, alice.id)).every((n) => n === 0)).toBe(true);
    for (const key of aliceKeys) expect(await server.ctx.storage.head(key), key).toBeNull();
    for (const key of bobKeys) expect(await server.ctx.storage.head(key), key).not.toBeNull();
    expect(await footprint(server, bob.id)).toEqual({
      ...bobBefore,
      // Bob was a member of Alice's team: it was dissolved, as when its owner dissolves it, and he was told.
      memberships: bobBefore.memberships! - 1,
      notifications: (await footprint(server, bob.id)).notifications,
    });
    // Bob's team stays, without Alice.
    const bobTeamRows = rowsOf(
      await server.ctx.db.execute(sql`select * from team_folders where folder_id = ${bobTeam}::uuid`),
    );
    expect(bobTeamRows).toHaveLength(1);
    expect((await bobClient.get('/api/user')).status).toBe(200);
    const ended = rowsOf<{ payload: { reason?: string } }>(
      await server.ctx.db.execute(
        sql`select payload from outbox_events where user_id = ${bob.id}::uuid and name = 'team.access_ended'`,
      ),
    );
    expect(ended.map((e) => e.payload.reason)).toEqual(['dissolved']);
    expect((await server.client().get(`/api/sharing/${aliceShare}`)).status).toBe(410);

    const log = (await admin.get(`/api/admin/audit?user=${alice.id}`))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(log.slice(0, 2)).toEqual(['user.deleted', 'user.deletion_started']);
  });

  it('keeps the last administrator', async () => {
    // The only other admin would be the caller itself: promoting Bob and deleting him is allowed, the admin is kept.
    expect((await admin.request('PATCH', `/api/admin/users/${bob.id}/role`, { role: 'admin' })).status).toBe(200);
    const { client: bobAdmin } = await signIn(server, 'bob@example.com');
    const adminId = await userIdOf(server, ADMIN_EMAIL);
    // Bob suspends the first admin; then the first admin cannot act, and Bob is the last one: nobody can take him away.
    expect((await bobAdmin.post(`/api/admin/users/${adminId}/suspend`)).status).toBe(200);
    expect((await admin.get('/api/admin/users')).status).toBe(401);
    const res = await bobAdmin.request('PATCH', `/api/admin/users/${bob.id}/role`, { role: 'user' });
    expect(res.json().code).toBe('admin.self');
  });
});
