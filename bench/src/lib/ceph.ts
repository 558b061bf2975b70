import { spawnSync } from 'node:child_process';
import { S3Client } from '@aws-sdk/client-s3';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './our-server.js';
import { commandExists, ensureDebianPackages, freePortIs, tempDir } from './proc.js';

/** The shared script CI also uses (../shared beside the repository). */
const START_SCRIPT = path.resolve(REPO, '../shared/tools/start-ceph-rgw.sh');

export const CEPH_KEYS = { accessKeyId: 'TESTACCESSKEY', secretAccessKey: 'TESTSECRETKEY123' };

/** An SDK client of a started gateway, set as our server's is. */
export function gatewayClient(gateway: Gateway): S3Client {
  return new S3Client({
    endpoint: gateway.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CEPH_KEYS,
    // As the server's client: Ceph before Squid refuses the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** What our server's environment needs to store in `bucket` on a started gateway. */
export function ourServerOnGateway(gateway: Gateway, bucket: string): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: gateway.endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: CEPH_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CEPH_KEYS.secretAccessKey,
  };
}

export interface Gateway {
  endpoint: string;
  /**
   * Frees the space of deleted objects now: RGW only queues their data for its garbage collector,
   * which waits two hours by default, and the memstore OSD has room for one 1 GiB object at a time.
   */
  collectGarbage(): void;
  /**
   * Raises the memstore OSD's size (the shared script makes 2 GiB), as `.ci/run` does: memory is
   * only taken as objects are stored. Throws when the OSD does not take it.
   */
  growStore(bytes: number): void;
  stop(): void;
}

/** Pids of the daemons each started gateway runs, read from its pid files once it is up. */
const running = new Set<number[]>();

/** The pids a gateway folder's pid files name (only ours: never by name). */
function daemonPids(dir: string): number[] {
  const run = path.join(dir, 'run');
  if (!existsSync(run)) return [];
  return readdirSync(run)
    .filter((f) => f.endsWith('.pid'))
    .map((f) => Number(readFileSync(path.join(run, f), 'utf8').trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 1);
}

/** Memstore keeps nothing worth a clean stop. */
function kill(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
process.on('exit', () => {
  for (const pids of running) kill(pids);
});

/**
 * Starts Debian's Ceph RADOS Gateway (memstore OSD of 2 GiB) through the shared script, installing
 * its packages first when they are missing. Returns null with the reason when it cannot.
 */
export async function startCephGateway(
  port: number,
  monPort: number,
  log: (line: string) => void,
): Promise<Gateway | { skipped: string }> {
  if (!existsSync(START_SCRIPT)) return { skipped: `${START_SCRIPT} is missing` };
  try {
    ensureDebianPackages(
      [
        { pkg: 'radosgw', binary: 'radosgw' },
        { pkg: 'ceph-mon', binary: 'ceph-mon' },
        { pkg: 'ceph-osd', binary: 'ceph-osd' },
      ],
      log,
    );
  } catch (error) {
    return { skipped: `Ceph RGW is not installable here: ${(error as Error).message.split('\n')[0]}` };
  }
  if (!commandExists('radosgw')) return { skipped: 'radosgw is not installed' };
  for (const p of [port, monPort]) {
    if (!(await freePortIs(p))) return { skipped: `port ${p} is taken` };
  }
  const dir = tempDir('ceph-rgw');
  // The OSD sometimes registers before it knows the cluster id and stops at once; a second try works (.ci/run).
  for (let attempt = 1; attempt <= 2; attempt++) {
    const result = spawnSync(START_SCRIPT, [dir, String(port), String(monPort)], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const pids = daemonPids(dir);
    if (result.status === 0) {
      running.add(pids);
      log(result.stdout.trim().split('\n').at(-1) ?? 'Ceph RGW started');
      const conf = path.join(dir, 'ceph.conf');
      return {
        endpoint: `http://127.0.0.1:${port}`,
        collectGarbage: () => {
          const gc = spawnSync('radosgw-admin', ['-c', conf, 'gc', 'process', '--include-all'], {
            encoding: 'utf8',
            timeout: 120_000,
          });
          if (gc.status !== 0) throw new Error(`radosgw-admin gc process failed: ${gc.stderr}`);
        },
        growStore: (bytes: number) => {
          const set = spawnSync(
            'ceph',
            ['-c', conf, 'tell', 'osd.0', 'config', 'set', 'memstore_device_bytes', String(bytes)],
            { encoding: 'utf8', timeout: 60_000 },
          );
          const now = spawnSync('ceph', ['-c', conf, 'daemon', 'osd.0', 'config', 'get', 'memstore_device_bytes'], {
            encoding: 'utf8',
            timeout: 30_000,
          });
          if (set.status !== 0 || !now.stdout.includes(`"${bytes}"`))
            throw new Error(`the memstore OSD kept its size: ${(set.stderr || now.stderr || now.stdout).trim()}`);
        },
        stop: () => {
          kill(pids);
          running.delete(pids);
        },
      };
    }
    log(
      `start-ceph-rgw.sh failed (attempt ${attempt}): ${(result.stderr || result.stdout).trim().split('\n').slice(-3).join(' / ')}`,
    );
    kill(pids);
  }
  return { skipped: 'start-ceph-rgw.sh failed twice' };
}
