/**
 * SHA-256 of a file's bytes, lowercase hex (the bulk manifest's `sha256`). `crypto.subtle` exists
 * only in secure contexts; a server reached over plain http on a LAN address gets the pure
 * TypeScript hash instead, loaded only then.
 */
export async function sha256Hex(blob: Blob): Promise<string> {
  const bytes = await blob.arrayBuffer();
  const subtle = globalThis.crypto?.subtle;
  if (subtle && globalThis.isSecureContext !== false) {
    return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
  }
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return toHex(sha256(new Uint8Array(bytes)));
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
