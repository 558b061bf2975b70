import { browseResponse, shareResource } from '@filestore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodedMail,
  installWithAdmin,
  linkIn,
  registerUser,
  seedFile,
  seedFolder,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { SHARES_CLEANUP_JOB } from './sharing.jobs.js';
import { shares, shareTombstones, shareUnlocks } from './shares.table.js';

describe('share links: the owner API', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let otherId: string;

  const shareRow = async (token: string) =>
    (await server.ctx.db.select().from(shares).where(eq(shares.token, token)))[0];
  const share = async (body: Record<string, unknown>, client = owner) => {
    const res = await client.post('/api/share', body);
    expect(res.status, res.body).toBe(201);
    return shareResource.parse(res.json()).data.attributes;
  };

  beforeAll(async () => {
    server = await startTestServer({ APP_URL: 'https://files.example.com' });
    await installWithAdmin(server);
    owner = await registerUser(server, 'owner@example.com');
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'owner@example.com');
    otherId = await userIdOf(server, 'other@example.com');
  });
  afterAll(() => server.close());

  it('shares a folder for viewing by default with a long random token and the link to its page', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Holiday' });
    const s = await share({ id: folder.id, type: 'folder' });
    expect(s).toMatchObject({ item_id: folder.id, type: 'folder', permission: 'visitor', protected: false });
    expect(s.expire_in).toBeNull();
    expect(s.expires_at).toBeNull();
    // 24 random bytes in base64url: 192 bits.
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.link).toBe(`https://files.example.com/share/${s.token}`);

    const again = await owner.post('/api/share', { id: folder.id, type: 'folder', permission: 'editor' });
    expect(again.status).toBe(422);
    expect(again.json().code).toBe('share.exists');
  });

  it('shares a file for viewing only, and stores the password as an argon2id hash', async () => {
    const file = await seedFile(server, ownerId, { name: 'cv.pdf' });
    const s = await share({
      id: file.id,
      type: 'file',
      permission: 'editor',
      isPassword: true,
      password: 'open sesame',
      expiration: 24,
    });
    expect(s).toMatchObject({ permission: 'visitor', protected: true, expire_in: 24 });
    const hours = (new Date(s.expires_at!).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const row = await shareRow(s.token);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('open sesame');
  });

  it("refuses someone else's item, a trashed item, an unknown id and a wrong type with 404", async () => {
    const foreign = await seedFolder(server, otherId, { name: 'Theirs' });
    const mine = await seedFolder(server, ownerId, { name: 'Mine' });
    const trashed = await seedFolder(server, ownerId, { name: 'Binned' });
    expect((await owner.post('/api/remove', { items: [{ id: trashed.id, type: 'folder' }] })).status).toBe(200);
    for (const body of [
      { id: foreign.id, type: 'folder' },
      { id: trashed.id, type: 'folder' },
      { id: '00000000-0000-4000-8000-000000000000', type: 'folder' },
      { id: mine.id, type: 'file' },
    ]) {
      const res = await owner.post('/api/share', body);
      expect(res.status, JSON.stringify(body)).toBe(404);
    }
    expect(await server.ctx.db.select().from(shares).where(eq(shares.itemId, mine.id))).toHaveLength(0);
    expect((await server.client().post('/api/share', { id: mine.id, type: 'folder' })).status).toBe(401);
  });

  it('refuses a password share without a password and an expiration outside the options', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Strict' });
    expect((await owner.post('/api/share', { id: folder.id, type: 'folder', isPassword: true })).status).toBe(422);
    expect((await owner.post('/api/share', { id: folder.id, type: 'folder', expiration: 5 })).status).toBe(422);
  });

  it('mails the link to each address with the sharer and the item named', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Reports 2024' });
    const before = server.outbox().length;
    const s = await share({
      id: folder.id,
      type: 'folder',
      emails: ['ann@example.com', 'bob@example.com', 'ann@example.com'],
    });
    const mails = server.outbox().slice(before);
    expect(mails).toHaveLength(2);
    expect(mails.join()).toContain('ann@example.com');
    expect(mails.join()).toContain('bob@example.com');
    for (const mail of mails.map(decodedMail)) {
      expect(mail).toContain('Uma User');
      expect(mail).toContain('shared the folder “Reports 2024”');
      expect(linkIn(mail, '/share/')).toBe(s.link);
    }

    const more = await owner.post(`/api/share/${s.token}/email`, { emails: ['cy@example.com'] });
    expect(more.status).toBe(200);
    expect(server.outbox().at(-1)).toContain('cy@example.com');
  });

  it('sends at most 50 share mails an hour per user, and creates nothing when over', async () => {
    const folder = await seedFolder(server, otherId, { name: 'Newsletter' });
    const emails = Array.from({ length: 20 }, (_, i) => `reader${i}@example.com`);
    const s = await share({ id: folder.id, type: 'folder', emails }, other);
    expect((await other.post(`/api/share/${s.token}/email`, { emails })).status).toBe(200);
    const before = server.outbox().length;
    const over = await other.post(`/api/share/${s.token}/email`, { emails });
    expect(over.status).toBe(429);
    expect(server.outbox().length).toBe(before);
    const another = await seedFolder(server, otherId, { name: 'Second' });
    const refused = await other.post('/api/share', { id: another.id, type: 'folder', emails: ['x@example.com'] });
    expect(refused.status).toBe(429);
    expect(await server.ctx.db.select().from(shares).where(eq(shares.itemId, another.id))).toHaveLength(0);
  });

  it('changes permission, password and expiry; a file stays visitor; PATCH and POST with _method', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Team drop' });
    const s = await share({ id: folder.id, type: 'folder' });
    const patched = await owner.request('PATCH', `/api/share/${s.token}`, { permission: 'editor', expiration: 2 });
    expect(patched.status, patched.body).toBe(200);
    const a = shareResource.parse(patched.json()).data.attributes;
    expect(a).toMatchObject({ permission: 'editor', expire_in: 2, protected: false });
    expect(new Date(a.expires_at!).getTime()).toBeGreaterThan(Date.now() + 1.9 * 3_600_000);

    const noPassword = await owner.post(`/api/share/${s.token}`, { _method: 'patch', protected: true });
    expect(noPassword.status).toBe(422);
    const locked = await owner.post(`/api/share/${s.token}`, { _method: 'patch', protected: true, password: 'pw-1' });
    expect(shareResource.parse(locked.json()).data.attributes.protected).toBe(true);
    // Protected already: no new password needed to keep it so.
    const kept = await owner.request('PATCH', `/api/share/${s.token}`, { protected: true, expiration: null });
    expect(shareResource.parse(kept.json()).data.attributes).toMatchObject({
      protected: true,
      expire_in: null,
      expires_at: null,
    });
    const open = await owner.request('PATCH', `/api/share/${s.token}`, { protected: false });
    expect(shareResource.parse(open.json()).data.attributes.protected).toBe(false);
    expect((await shareRow(s.token))?.passwordHash).toBeNull();

    const file = await seedFile(server, ownerId, { name: 'photo.jpg' });
    const f = await share({ id: file.id, type: 'file' });
    const still = await owner.request('PATCH', `/api/share/${f.token}`, { permission: 'editor' });
    expect(shareResource.parse(still.json()).data.attributes.permission).toBe('visitor');
  });

  it('a new password locks out every browser that had unlocked the link', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Vault' });
    const s = await share({ id: folder.id, type: 'folder', isPassword: true, password: 'first' });
    const visitor = server.client('10.1.0.1');
    expect((await visitor.post(`/api/sharing/authenticate/${s.token}`, { password: 'first' })).status).toBe(200);
    expect((await visitor.get(`/api/sharing/folders/all/${s.token}`)).status).toBe(200);
    await owner.request('PATCH', `/api/share/${s.token}`, { password: 'second' });
    const row = await shareRow(s.token);
    expect(await server.ctx.db.select().from(shareUnlocks).where(eq(shareUnlocks.shareId, row!.id))).toHaveLength(0);
    expect((await visitor.get(`/api/sharing/folders/all/${s.token}`)).status).toBe(403);
  });

  it("answers 404 to someone else's token and an unknown one for get, patch, revoke, email and qr", async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Private' });
    const s = await share({ id: folder.id, type: 'folder' });
    for (const token of [s.token, 'unknown-token-unknown-token-0000']) {
      expect((await other.get(`/api/share/${token}`)).status).toBe(404);
      expect((await other.request('PATCH', `/api/share/${token}`, { permission: 'editor' })).status).toBe(404);
      expect((await other.post(`/api/share/${token}`, { _method: 'patch', permission: 'editor' })).status).toBe(404);
      expect((await other.post('/api/share/revoke', { tokens: [token] })).status).toBe(404);
      expect((await other.request('DELETE', `/api/share/${token}`)).status).toBe(404);
      expect((await other.post(`/api/share/${token}/email`, { emails: ['spam@example.com'] })).status).toBe(404);
      expect((await other.get(`/api/share/${token}/qr`)).status).toBe(404);
    }
    expect(await shareRow(s.token)).toMatchObject({ permission: 'visitor' });
    expect(server.outbox().join()).not.toContain('spam@example.com');
    expect((await server.client().get(`/api/share/${s.token}`)).status).toBe(401);
  });

  it('gives the owner the share and a QR code of its link', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'QR' });
    const s = await share({ id: folder.id, type: 'folder' });
    const got = await owner.get(`/api/share/${s.token}`);
    expect(shareResource.parse(got.json()).data.attributes.token).toBe(s.token);
    const qr = await owner.get(`/api/share/${s.token}/qr`);
    expect(qr.status).toBe(200);
    expect(qr.json().data.svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(qr.json().data.svg).toContain('<path');
  });

  it("revokes only when every token is the user's, and the link stops working", async () => {
    const a = await share({ id: (await seedFolder(server, ownerId, { name: 'A' })).id, type: 'folder' });
    const b = await share({ id: (await seedFolder(server, ownerId, { name: 'B' })).id, type: 'folder' });
    const theirs = await share({ id: (await seedFolder(server, otherId, { name: 'C' })).id, type: 'folder' }, other);
    const mixed = await owner.post('/api/share/revoke', { tokens: [a.token, theirs.token] });
    expect(mixed.status).toBe(404);
    expect(await shareRow(a.token)).toBeDefined();
    expect(await shareRow(theirs.token)).toBeDefined();

    const res = await owner.post('/api/share/revoke', { _method: 'delete', tokens: [a.token, b.token] });
    expect(res.status).toBe(200);
    expect(await shareRow(a.token)).toBeUndefined();
    expect(await shareRow(b.token)).toBeUndefined();
    const visitor = await server.client().get(`/api/sharing/${a.token}`);
    expect(visitor.status).toBe(410);
    expect(visitor.json().code).toBe('share.revoked');
    expect((await owner.get(`/api/share/${a.token}`)).status).toBe(404);
  });

  it('lists the live shared items newest share first, a page at a time, each with its share', async () => {
    const user = await registerUser(server, 'lister@example.com');
    const userId = await userIdOf(server, 'lister@example.com');
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const item =
        i % 2
          ? await seedFile(server, userId, { name: `f${i}.txt` })
          : await seedFolder(server, userId, { name: `d${i}` });
      tokens.push((await share({ id: item.id, type: item.type }, user)).token);
    }
    const first = browseResponse.parse((await user.get('/api/browse/share?per_page=2')).json());
    expect(first.meta.paginate.total).toBe(5);
    const seen = [...first.data];
    let cursor = first.meta.paginate.nextCursor;
    while (cursor) {
      const page = browseResponse.parse((await user.get(`/api/browse/share?per_page=2&cursor=${cursor}`)).json());
      seen.push(...page.data);
      cursor = page.meta.paginate.nextCursor;
    }
    expect(seen.map((r) => r.data.relationships.shared?.data.attributes.token)).toEqual([...tokens].reverse());
    expect(seen.map((r) => r.data.attributes.name)).toEqual(['d4', 'f3.txt', 'd2', 'f1.txt', 'd0']);

    const page2 = browseResponse.parse((await user.get('/api/browse/share?per_page=2&page=2')).json());
    expect(page2.data.map((r) => r.data.attributes.name)).toEqual(['d2', 'f1.txt']);

    // Trashed items wait, with their link asleep; other people's shares never show.
    await user.post('/api/remove', { items: [{ id: seen[0]!.data.id, type: 'folder' }] });
    const after = browseResponse.parse((await user.get('/api/browse/share')).json());
    expect(after.data.map((r) => r.data.attributes.name)).toEqual(['f3.txt', 'd2', 'f1.txt', 'd0']);
    expect(
      browseResponse.parse((await other.get('/api/browse/share')).json()).data.map((r) => r.data.id),
    ).not.toContain(seen[1]!.data.id);
  });

  it('marks shared items in listings, search and upload answers, for their owner only', async () => {
    const parent = await seedFolder(server, ownerId, { name: 'Marked parent' });
    const child = await seedFolder(server, ownerId, { name: 'Marked child', parentId: parent.id });
    const plain = await seedFolder(server, ownerId, { name: 'Marked plain', parentId: parent.id });
    const s = await share({ id: child.id, type: 'folder', permission: 'editor' });
    const listing = browseResponse.parse((await owner.get(`/api/browse/folders/${parent.id}`)).json());
    const byId = new Map(listing.data.map((r) => [r.data.id, r.data.relationships.shared]));
    expect(byId.get(child.id)?.data.attributes).toMatchObject({ token: s.token, permission: 'editor' });
    expect(byId.get(plain.id)).toBeNull();
    const search = (await owner.get('/api/search?query=Marked')).json();
    expect(
      search.data.find((r: { data: { id: string } }) => r.data.id === child.id).data.relationships.shared,
    ).not.toBeNull();

    // A visitor of the parent never learns the token of the share inside it.
    const outer = await share({ id: parent.id, type: 'folder' });
    const seen = await server.client().get(`/api/sharing/folders/all/${outer.token}`);
    expect(seen.status).toBe(200);
    expect(seen.body).not.toContain(s.token);
    expect(browseResponse.parse(seen.json()).data.every((r) => r.data.relationships.shared === null)).toBe(true);
  });

  it('a trashed item keeps its share asleep until restored; deleting it forever removes the share, and its link says so', async () => {
    const folder = await seedFolder(server, ownerId, { name: 'Sleeper' });
    const s = await share({ id: folder.id, type: 'folder' });
    const visitor = server.client();
    expect((await visitor.get(`/api/sharing/${s.token}`)).status).toBe(200);
    await owner.post('/api/remove', { items: [{ id: folder.id, type: 'folder' }] });
    expect((await visitor.get(`/api/sharing/${s.token}`)).status).toBe(404);
    expect((await visitor.get(`/api/sharing/folders/all/${s.token}`)).status).toBe(404);
    expect((await owner.get(`/api/share/${s.token}`)).status).toBe(200);
    await owner.post('/api/trash/restore', { items: [{ id: folder.id, type: 'folder' }] });
    expect((await visitor.get(`/api/sharing/folders/all/${s.token}`)).status).toBe(200);
    await owner.post('/api/remove', { items: [{ id: folder.id, type: 'folder', force_delete: true }] });
    expect(await shareRow(s.token)).toBeUndefined();
    // Its tombstone (left by the cascade) tells the visitor the link was removed.
    const gone = await visitor.get(`/api/sharing/${s.token}`);
    expect(gone.status).toBe(410);
    expect(gone.json().code).toBe('share.revoked');
  });

  it('hourly, drops unlocks past their day and shares expired for more than 30 days', async () => {
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const recent = await share({ id: (await seedFolder(server, ownerId, { name: 'Recent' })).id, type: 'folder' });
    const old = await share({ id: (await seedFolder(server, ownerId, { name: 'Old' })).id, type: 'folder' });
    const open = await share({
      id: (await seedFolder(server, ownerId, { name: 'Open' })).id,
      type: 'folder',
      isPassword: true,
      password: 'pw',
    });
    await server.ctx.db
      .update(shares)
      .set({ expiresAt: ago(1) })
      .where(eq(shares.token, recent.token));
    await server.ctx.db
      .update(shares)
      .set({ expiresAt: ago(31) })
      .where(eq(shares.token, old.token));
    const visitor = server.client('10.9.0.1');
    expect((await visitor.post(`/api/sharing/authenticate/${open.token}`, { password: 'pw' })).status).toBe(200);
    const openId = (await shareRow(open.token))!.id;
    const unlocks = () => server.ctx.db.select().from(shareUnlocks).where(eq(shareUnlocks.shareId, openId));
    expect(await unlocks()).toHaveLength(1);

    await server.ctx.jobs.drain([SHARES_CLEANUP_JOB]);
    expect(await shareRow(recent.token)).toBeDefined();
    expect(await shareRow(old.token)).toBeUndefined();
    expect(await unlocks()).toHaveLength(1);
    expect((await visitor.get(`/api/sharing/${recent.token}`)).status).toBe(410);
    // Its row is gone; its tombstone still says "expired", for a year.
    const old410 = await visitor.get(`/api/sharing/${old.token}`);
    expect(old410.status).toBe(410);
    expect(old410.json().code).toBe('share.expired');
    await server.ctx.db.update(shareTombstones).set({ goneAt: ago(366) });
    await server.ctx.jobs.drain([SHARES_CLEANUP_JOB]);
    expect((await visitor.get(`/api/sharing/${old.token}`)).status).toBe(404);

    // A day later the unlock is gone and the visitor must give the password again.
    await server.ctx.db
      .update(shareUnlocks)
      .set({ expiresAt: ago(0.001) })
      .where(eq(shareUnlocks.shareId, openId));
    expect((await visitor.get(`/api/sharing/folders/all/${open.token}`)).status).toBe(403);
    await server.ctx.jobs.drain([SHARES_CLEANUP_JOB]);
    expect(await unlocks()).toHaveLength(0);
  });
});
