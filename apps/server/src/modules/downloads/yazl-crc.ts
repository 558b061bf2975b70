import { createRequire } from 'node:module';
import zlib from 'node:zlib';

type Unsigned = (buffer: string | Buffer, partialCrc?: Buffer | number) => number;

/**
 * yazl checksums every byte of a zip with buffer-crc32, a CRC-32 in JavaScript (about 230 MB/s
 * here): it capped archive downloads near 110 MB/s. Node's zlib.crc32 computes the same value in
 * native code ten times faster, so yazl's copy of buffer-crc32 is pointed at it for the calls yazl
 * makes (a Buffer and a numeric running value); anything else still goes to the original.
 * zip.int.test.ts checks the CRCs of every archive it reads.
 */
export function useNativeCrc32ForYazl(): void {
  if (typeof zlib.crc32 !== 'function') return;
  const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned: Unsigned; nativeForYazl?: true };
  if (bufferCrc32.nativeForYazl) return;
  const original = bufferCrc32.unsigned;
  bufferCrc32.unsigned = (buffer, partialCrc) =>
    Buffer.isBuffer(buffer) && (partialCrc === undefined || typeof partialCrc === 'number')
      ? zlib.crc32(buffer, partialCrc ?? 0)
      : original(buffer, partialCrc);
  bufferCrc32.nativeForYazl = true;
}
