import { hash, verify } from '@node-rs/argon2';
import { createLimiter } from '../../lib/bounded.js';

/**
 * argon2id with 7 MiB and 5 passes: one of the settings OWASP's password storage cheat sheet lists as
 * equal in strength to its 19 MiB, 2-pass baseline (the same memory × passes, so about the same CPU
 * time). Each hash holds its memory for the whole computation; at 19 MiB a single sign-in raised the
 * server's peak memory by ~20 MB, ten at once by ~80 (four threads), ADR 0053.
 */
const MEMORY_KIB = 7_168;
const PASSES = 5;
const OPTIONS = {
  algorithm: 2 /* Argon2id; the enum is const and cannot be imported under isolatedModules */,
  memoryCost: MEMORY_KIB,
  timeCost: PASSES,
  parallelism: 1,
};

/**
 * Hashes computed at once. They run on libuv's threads (four), which file reads and writes share:
 * a burst of sign-ins must neither take them all from uploads nor multiply the memory above.
 */
const MAX_AT_ONCE = 2;
const limited = createLimiter(MAX_AT_ONCE);

export const hashPassword = (password: string) => limited(() => hash(password, OPTIONS));

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await limited(() => verify(hashed, password));
  } catch {
    return false;
  }
}

/**
 * Whether a stored hash was made with other settings than today's (an older release's 19 MiB ones,
 * say): after a right password, sign-in stores a new hash, so old settings do not stay forever.
 */
export function needsRehash(hashed: string): boolean {
  const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hashed);
  return !params || Number(params[1]) !== MEMORY_KIB || Number(params[2]) !== PASSES || Number(params[3]) !== 1;
}

/** Spent on unknown emails too, so response time does not reveal which accounts exist. */
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
}
