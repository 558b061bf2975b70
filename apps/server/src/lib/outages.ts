import type { Logger } from 'pino';

/** Something outside the process that requests depend on. */
export type Dependency = 'database' | 'redis' | 'storage' | 'human-check';

const LOST: Record<Dependency, string> = {
  database: 'the database cannot be reached; requests that need it answer 503 until it is back',
  redis: 'Redis cannot be reached; rate-limited requests (sign-in, sign-up, passwords) answer 503 until it is back',
  storage: 'the storage is full; writes answer 507 until space is freed',
  'human-check':
    'the reCAPTCHA verify endpoint is not answering (or refuses the secret key); sign-in, sign-up and password recovery answer 503 until it does',
};

/**
 * Reports each outage of a dependency once, when it starts, and once more when it ends: an outage
 * fails every request and every reconnection attempt, and one line per failure would bury the log
 * (and fill the disk that may be what is full).
 */
export class Outages {
  private readonly since = new Map<Dependency, number>();

  constructor(private readonly log: Logger) {}

  isDown(dependency: Dependency): boolean {
    return this.since.has(dependency);
  }

  report(dependency: Dependency, error: unknown): void {
    if (this.since.has(dependency)) return;
    this.since.set(dependency, Date.now());
    this.log.error({ err: error, dependency }, LOST[dependency]);
  }

  recovered(dependency: Dependency): void {
    const since = this.since.get(dependency);
    if (since === undefined) return;
    this.since.delete(dependency);
    this.log.warn({ dependency, downForMs: Date.now() - since }, `${dependency} is available again`);
  }
}

/** Each error of `error`'s cause chain, outermost first (drizzle wraps driver errors as causes). */
export function* causeChain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let e = error; e !== undefined && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e;
    if (typeof e !== 'object') return;
  }
}

const codeOf = (e: unknown) =>
  typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;

/**
 * No space left for a write: the file system's ENOSPC, a user or group quota's EDQUOT, or
 * PostgreSQL's disk_full (53100, what the embedded database reports for the same errors).
 */
export function isDiskFull(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const code = codeOf(e);
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
  }
  return false;
}
