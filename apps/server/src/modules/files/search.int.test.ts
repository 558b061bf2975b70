import { searchResponse } from '@filestore/contract';
import { sql } from 'drizzle-orm';
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
import { rowsOf } from '../../lib/db/migrate.js';
import { ownSearchQuery, searchItemsQuery } from './search.repository.js';
import { teamFolders, teamMembers } from './teams.table.js';

describe('search', () => {
  let server: TestServer;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  let otherId: string;

  const search = async (client: TestClient, query: string) => {
    const res = await client.get(`/api/search?query=${encodeURIComponent(query)}`);
    expect(res.status, res.body).toBe(200);
    return searchResponse.parse(res.json()).data.map((r) => r.data.attributes.name);
  };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await installWithAdmin(server);
    other = await registerUser(server, 'other@example.com');
    ownerId = await userIdOf(server, 'admin@example.com');
    otherId = await userIdOf(server, 'other@example.com');
    // Names as varied as real ones, so the planner weighs the trigram index as it would in production.
    await server.ctx.db.execute(sql`
      insert into items (owner_id, parent_id, type, name, size)
      select ${ownerId}, null, 'file', 'scan ' || md5(g::text) || '.pdf', 1 from generate_series(1, 20000) g`);
    // What autovacuum does on PostgreSQL (PGlite has none): flushes the trigram index's pending list, updates statistics.
    await server.ctx.db.execute(sql`vacuum analyze items`);
  });
  afterAll(() => server.close());

  it('finds live items by part of the name, any case, folders first, closest names next', async () => {
    const parent = await seedFolder(server, ownerId, { name: 'Invoices' });
    await seedFile(server, ownerId, { name: 'Invoice 2024 final.pdf', parentId: parent.id });
    await seedFile(server, ownerId, { name: 'invoice.pdf' });
    await seedFolder(server, ownerId, { name: 'Old invoices' });
    const gone = await seedFile(server, ownerId, { name: 'invoice-trashed.pdf' });
    await owner.post('/api/remove', { items: [{ id: gone.id, type: 'file' }] });
    await seedFile(server, otherId, { name: 'invoice-of-someone-else.pdf' });
    expect(await search(owner, 'INVOICE')).toEqual([
      'Invoices',
      'Old invoices',
      'invoice.pdf',
      'Invoice 2024 final.pdf',
    ]);
    const res = searchResponse.parse((await owner.get('/api/search?query=final')).json());
    expect(res.data[0]!.data.relationships.parent?.data.attributes.name).toBe('Invoices');
    expect(await search(other, 'invoice')).toEqual(['invoice-of-someone-else.pdf']);
  });

  it('takes %, _ and backslash literally, and keeps emoji and right-to-left names intact', async () => {
    await seedFile(server, ownerId, { name: '100% done.txt' });
    await seedFile(server, ownerId, { name: 'a_b.txt' });
    await seedFile(server, ownerId, { name: 'axb.txt' });
    await seedFile(server, ownerId, { name: 'back\\slash.txt'.replace('\\', '-') });
    await seedFolder(server, ownerId, { name: '📁 مستندات' });
    await seedFile(server, ownerId, { name: 'קובץ.txt' });
    expect(await search(owner, '0% d')).toEqual(['100% done.txt']);
    expect(await search(owner, 'a_')).toEqual(['a_b.txt']);
    expect(await search(owner, 'a_b')).toEqual(['a_b.txt']);
    expect(await search(owner, '\\')).toEqual([]);
    expect(await search(owner, 'مستندات')).toEqual(['📁 مستندات']);
    expect(await search(owner, '📁')).toEqual(['📁 مستندات']);
    expect(await search(owner, 'קובץ')).toEqual(['קובץ.txt']);
  });

  it('answers at most 20 results, and refuses an empty or missing query', async () => {
    expect(await search(owner, 'scan')).toHaveLength(20);
    for (const url of ['/api/search', '/api/search?query=', '/api/search?query=%20%20']) {
      expect((await owner.get(url)).status, url).toBe(422);
    }
    expect((await server.client().get('/api/search?query=scan')).status).toBe(401);
  });

  it('matches the start of names and of words in them (extensions too) for one or two letters, reading only the viewer’s names', async () => {
    await seedFile(server, ownerId, { name: 'README.md' });
    await seedFile(server, ownerId, { name: 'Report q3-final.docx' });
    await seedFile(server, ownerId, { name: 'notes_md_draft.txt' });
    await seedFile(server, ownerId, { name: 'command.txt' });
    await seedFile(server, otherId, { name: 'theirs.md' });
    expect(await search(owner, 'Ax')).toEqual(['axb.txt']);
    expect(await search(owner, 'xb')).toEqual([]);
    // An extension, a short word after a space, dash or underscore; not the middle of a word.
    expect(await search(owner, 'md')).toEqual(['README.md', 'notes_md_draft.txt']);
    expect(await search(owner, 'Q3')).toEqual(['Report q3-final.docx']);
    expect(await search(owner, 'fi')).toEqual(['Report q3-final.docx', 'Invoice 2024 final.pdf']);
    expect(await search(other, 'md')).toEqual(['theirs.md']);
    for (const query of ['a', 'Ax', '%', 'md']) {
      const q = ownSearchQuery(server.ctx.db, ownerId, query);
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await server.ctx.db.execute(sql`explain ${q.getSQL()}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      // The owner's own rows (here nearly the whole table, so a scan), never the trigram index
      // shared by every user's names, which one or two letters hardly narrow.
      expect(plan, `${query}\n${plan}`).not.toContain('items_name_trgm_idx');
    }
  });

  it('uses the trigram index for queries of three letters or more', async () => {
    for (const query of ['abc', 'e4d9', 'Invoice', 'مستندات', '%_x']) {
      const q = ownSearchQuery(server.ctx.db, ownerId, query);
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await server.ctx.db.execute(sql`explain ${q.getSQL()}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan, `${query}\n${plan}`).toContain('Bitmap Index Scan on items_name_trgm_idx');
    }
  });
  it('leaves out matches in trashed folders with one hash look-up each, not a walk up the tree per match', async () => {
    const q = ownSearchQuery(server.ctx.db, ownerId, 'invoice');
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await server.ctx.db.execute(sql`explain ${q.getSQL()}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('hashed SubPlan');
    expect(plan).not.toContain('item_trashed_by');
  });

  it('reads the same indexes for a team member, whose results add the team’s live subtree', async () => {
    const team = await seedFolder(server, ownerId, { name: 'Team' });
    const inner = await seedFolder(server, ownerId, { name: 'Inner', parentId: team.id });
    await seedFile(server, ownerId, { name: 'teamdoc.pdf', parentId: inner.id });
    await seedFile(server, ownerId, { name: 'teamdoc-private.pdf' });
    await server.ctx.db.insert(teamFolders).values({ folderId: team.id, ownerId });
    await server.ctx.db.insert(teamMembers).values({ folderId: team.id, userId: otherId, permission: 'can_view' });
    await server.ctx.db.execute(sql`analyze items`);
    expect(await search(other, 'teamdoc')).toEqual(['teamdoc.pdf']);
    expect(await search(other, 'Te')).toEqual(['Team', 'teamdoc.pdf']);
    for (const [query, index] of [
      ['scan', 'Bitmap Index Scan on items_name_trgm_idx'],
      ['teamdoc', 'Bitmap Index Scan on items_name_trgm_idx'],
    ] as const) {
      const q = searchItemsQuery(server.ctx.db, otherId, query);
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await server.ctx.db.execute(sql`explain ${q.getSQL()}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan, `${query}\n${plan}`).toContain(index);
    }
    const short = searchItemsQuery(server.ctx.db, otherId, 'sc');
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await server.ctx.db.execute(sql`explain ${short.getSQL()}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).not.toContain('items_name_trgm_idx');
  });
});
