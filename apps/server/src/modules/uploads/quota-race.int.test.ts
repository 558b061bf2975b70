import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/db/migrate.js';
import {
  installWithAdmin,
  MiB,
  postMultipart,
  registerUser,
  startTestServer,
  uploadFile,
  userIdOf,
  type TestClient,
  type TestServer,
} from '../../../test/harness.js';
import { uploadSessions } from './upload-sessions.table.js';

// Races for the last free bytes. They can only fail on PostgreSQL, where requests run on parallel
// connections (the postgres run of vitest.config.ts); PGlite runs one statement at a time. Each
// round sends many uploads at once, so that without the owner's lock (lockOwner) an overshoot
// shows in every run, not once in a while.
const ROUNDS = 3;
const CHUNK = 5 * MiB;

describe('the quota under parallel uploads', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  let userId: string;
  const usage = async () =>
    rowsOf<{ used: number; files: number; sessions: number }>(
      await server.ctx.db.execute(sql`
        select (select storage_used from users where id = ${userId})::bigint::int as used,
               (select count(*) from items where owner_id = ${userId} and type = 'file')::int as files,
               (select count(*) from upload_sessions where owner_id = ${userId} and completed_file_id is null)::int
                 as sessions`),
    )[0];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await installWithAdmin(server);
    user = await registerUser(server);
    userId = await userIdOf(server, 'user@example.com');
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.ctx.db.execute(sql`delete from items where owner_id = ${userId}`);
    await server.ctx.db.execute(
      sql`update users set storage_used = 0, root_file_count = 0, root_folder_count = 0 where id = ${userId}`,
    );
    for (const session of await server.ctx.db.delete(uploadSessions).returning()) {
      await server.ctx.storage.abortMultipart(`files/${session.fileId}`, session.multipartId);
    }
  });

  const setCapacity = async (gigabytes: number) =>
    expect((await admin.request('PATCH', `/api/admin/users/${userId}/capacity`, { capacity: gigabytes })).status).toBe(
      200,
    );

  it('stores whole files sent at once only while they fit, and counts exactly those', async () => {
    await setCapacity(0.001); // 1,000,000 bytes: six files of 150,000, not seven
    for (let round = 0; round < ROUNDS; round++) {
      await server.ctx.db.execute(sql`delete from items where owner_id = ${userId}`);
      await server.ctx.db.execute(sql`update users set storage_used = 0, root_file_count = 0 where id = ${userId}`);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          uploadFile(server, user, { name: `r${round}-${i}.bin`, content: randomBytes(150_000) }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, 201, 201, 201, 201, 201, 423, 423, 423, 423]);
      expect(await usage(), `round ${round}`).toEqual({ used: 900_000, files: 6, sessions: 0 });
    }
  });

  it('stores small files announcing their size, sent at once, only while they fit, in one shared transaction', async () => {
    // Announced small, they are checked once, together, in the group commit (ADR 0020): the files
    // before each one in the same transaction must count as used.
    await setCapacity(0.001);
    for (let round = 0; round < ROUNDS; round++) {
      await server.ctx.db.execute(sql`delete from items where owner_id = ${userId}`);
      await server.ctx.db.execute(sql`update users set storage_used = 0, root_file_count = 0 where id = ${userId}`);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          postMultipart(
            server,
            user,
            '/api/upload/chunks',
            { name: `s${round}-${i}.bin`, is_last_chunk: 1, size: 150_000 },
            { content: randomBytes(150_000) },
          ),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, 201, 201, 201, 201, 201, 423, 423, 423, 423]);
      expect(await usage(), `round ${round}`).toEqual({ used: 900_000, files: 6, sessions: 0 });
    }
  });

  it('lets only one of many first chunks sent at once reserve the last free bytes', async () => {
    await setCapacity(0.02); // 20 MB: room for one upload of 12 MiB, not two
    for (let round = 0; round < ROUNDS; round++) {
      for (const session of await server.ctx.db.delete(uploadSessions).returning()) {
        await server.ctx.storage.abortMultipart(`files/${session.fileId}`, session.multipartId);
      }
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          postMultipart(
            server,
            user,
            '/api/upload/chunks',
            {
              name: `r${round}-${i}.bin`,
              upload_id: randomUUID(),
              offset: 0,
              size: 12 * MiB,
              chunk_size: CHUNK,
              is_last_chunk: 0,
            },
            { content: randomBytes(CHUNK) },
          ),
        ),
      );
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([200, 423, 423, 423]);
      expect(await usage(), `round ${round}`).toEqual({ used: 0, files: 0, sessions: 1 });
    }
  });
});
