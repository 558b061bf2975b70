import { rmSync } from 'node:fs';
import { randomGiB, warm } from '../lib/data.js';
import { blobPath, diagnosisOptions, prepareDataDir, startOurServer } from '../lib/our-server.js';
import { freshPostgresDatabase } from '../lib/postgres.js';
import { removeTempDir, sleep, tempDir } from '../lib/proc.js';
import { absolute, GiB, round, skippedRow, type CaseContext, type CaseResult, type Check } from '../lib/report.js';
import { uploadOurs } from './upload.js';

const MB = 1_000_000;
const IDLE_SECONDS = 10;
const IDLE_METRIC = `RSS ${IDLE_SECONDS} s after start-up, no traffic, PostgreSQL`;
const PEAK_METRIC = 'server peak memory (VmHWM), 1 GiB upload, PostgreSQL';
/** The same line as on the embedded database (the upload case). */
const PEAK_TARGET: Check = { on: 'ours', kind: 'max', value: 200 };

/**
 * The idle-memory and upload peak-memory figures again with the server on PostgreSQL
 * (DATABASE_URL), as a multi-node install runs it: a fresh database the case makes and drops.
 */
export async function postgresMemoryCase(
  context: CaseContext,
): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const database = await freshPostgresDatabase('memory');
  if ('unreachable' in database) {
    context.log(`SKIPPED: ${database.unreachable}`);
    return {
      rows: [
        skippedRow('idle memory', IDLE_METRIC, 'MB', null, database.unreachable),
        skippedRow('upload', PEAK_METRIC, 'MB', PEAK_TARGET, database.unreachable),
      ],
      facts: {},
      notes: [`Skipped: ${database.unreachable}`],
    };
  }
  const file = randomGiB();
  const dataDir = tempDir('postgres-memory');
  try {
    await prepareDataDir(dataDir, async () => undefined, { databaseUrl: database.url });
    await warm(file);
    const ours = await startOurServer(dataDir, {
      ...diagnosisOptions(context, 'postgres-memory'),
      databaseUrl: database.url,
    });
    try {
      await sleep(IDLE_SECONDS * 1000);
      const idle = ours.memory();
      context.log(`idle RSS ${(idle.rss / MB).toFixed(1)} MB (peak ${(idle.peak / MB).toFixed(1)} MB)`);
      const upload = await uploadOurs(ours, file, GiB);
      rmSync(blobPath(dataDir, `files/${upload.fileId}`), { force: true });
      const after = ours.memory();
      context.log(
        `1 GiB upload at ${upload.throughput.toFixed(0)} MB/s, peak ${(after.peak / MB).toFixed(1)} MB (${((after.peak - idle.peak) / MB).toFixed(1)} MB over start-up)`,
      );
      return {
        rows: [
          absolute('idle memory', IDLE_METRIC, 'MB', idle.rss / MB, null),
          absolute('upload', PEAK_METRIC, 'MB', after.peak / MB, PEAK_TARGET),
        ],
        facts: {
          idleRssMB: round(idle.rss / MB, 1),
          idlePeakMB: round(idle.peak / MB, 1),
          uploadPeakMB: round(after.peak / MB, 1),
          uploadAddedMB: round((after.peak - idle.peak) / MB, 1),
          uploadMBps: round(upload.throughput, 1),
          chunkSize: upload.chunkSize,
        },
        notes: [
          'Our server started as npm start does, with DATABASE_URL naming a fresh PostgreSQL database (dropped after the case); VmRSS and VmHWM from /proc/<pid>/status.',
        ],
      };
    } finally {
      await ours.stop();
    }
  } finally {
    removeTempDir(dataDir);
    await database.drop();
  }
}
