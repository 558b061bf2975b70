import { diagnosisOptions, prepareDataDir, startOurServer } from '../lib/our-server.js';
import { removeTempDir, sleep, tempDir } from '../lib/proc.js';
import { absolute, round, type CaseContext, type CaseResult } from '../lib/report.js';

const MB = 1_000_000;
const IDLE_SECONDS = 10;

/** Our server on the embedded default, 10 s after it answered its first request, with no traffic. */
export async function idleMemoryCase(
  context: CaseContext,
): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const dataDir = tempDir('idle');
  try {
    await prepareDataDir(dataDir, async () => undefined);
    const started = performance.now();
    const ours = await startOurServer(dataDir, diagnosisOptions(context, 'idle'));
    const startupMs = performance.now() - started;
    try {
      await sleep(IDLE_SECONDS * 1000);
      const { rss, peak } = ours.memory();
      context.log(
        `idle RSS ${(rss / MB).toFixed(1)} MB (peak ${(peak / MB).toFixed(1)} MB), answered after ${startupMs.toFixed(0)} ms`,
      );
      const inside = context.diagnose ? await ours.probeMemory() : null;
      if (inside) {
        context.log(
          `inside: heap used ${(inside.heapUsed / MB).toFixed(1)} MB of ${(inside.heapTotal / MB).toFixed(1)} MB, external ${(inside.external / MB).toFixed(1)} MB, array buffers ${(inside.arrayBuffers / MB).toFixed(1)} MB`,
        );
      }
      return {
        rows: [absolute('idle memory', `RSS ${IDLE_SECONDS} s after start-up, no traffic`, 'MB', rss / MB, null)],
        facts: {
          rssMB: round(rss / MB, 1),
          peakMB: round(peak / MB, 1),
          startupMs: round(startupMs, 0),
          ...(inside
            ? { memoryUsageMB: Object.fromEntries(Object.entries(inside).map(([k, v]) => [k, round(v / MB, 1)])) }
            : {}),
        },
        notes: [
          'VmRSS from /proc/<pid>/status of `node apps/server/dist/main.js` on a fresh data folder (admin made, no files).',
        ],
      };
    } finally {
      await ours.stop();
    }
  } finally {
    removeTempDir(dataDir);
  }
}
