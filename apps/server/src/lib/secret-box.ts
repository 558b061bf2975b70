import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest in the database (a TOTP secret): AES-256-GCM under a key derived with HKDF
 * from a master key and a purpose, with `bound` (say, the owner's id) as authenticated data, so a
 * sealed value copied to another row or purpose does not open. Format: `v1.<iv>.<tag>.<ciphertext>`,
 * each base64url.
 */
const VERSION = 'v1';

function keyFor(masterKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, 'filestore-secret-box', purpose, 32));
}

export function seal(masterKey: string, purpose: string, plaintext: string, bound: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(masterKey, purpose), iv);
  cipher.setAAD(Buffer.from(bound));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value was not sealed by `seal` with the same key, purpose and binding. */
export function open(masterKey: string, purpose: string, sealed: string, bound: string): string | null {
  const [version, iv, tag, body, extra] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(masterKey, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(bound));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
