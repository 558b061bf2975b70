import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { useNativeCrc32ForYazl } from './yazl-crc.js';

type Unsigned = (buffer: string | Buffer, partialCrc?: Buffer | number) => number;

/**
 * `useNativeCrc32ForYazl` replaces `unsigned` on yazl's own copy of buffer-crc32. It relies on yazl
 * requiring `buffer-crc32` and calling `unsigned(buffer, number)` for every piece of a file: an
 * upgrade of yazl that no longer does makes this fail (the patch would do nothing, and zips would be
 * checksummed in JavaScript again).
 */
describe('yazl on native CRC-32', () => {
  it('computes every CRC of an archive through zlib.crc32', async () => {
    useNativeCrc32ForYazl();
    const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
    const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned: Unsigned; nativeForYazl?: true };
    expect(bufferCrc32.nativeForYazl).toBe(true);
    const patched = bufferCrc32.unsigned;
    let calls = 0;
    bufferCrc32.unsigned = (buffer, partial) => {
      calls++;
      return patched(buffer, partial);
    };
    try {
      const body = Buffer.from('hello, zip');
      const zip = new yazl.ZipFile();
      zip.addBuffer(body, 'a.txt', { compress: false });
      zip.end();
      const chunks: Buffer[] = [];
      for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
      expect(calls).toBeGreaterThan(0);
      // The CRC in the local file header is zlib's.
      expect(Buffer.concat(chunks).readUInt32LE(14)).toBe(zlib.crc32(body));
    } finally {
      bufferCrc32.unsigned = patched;
    }
  });
});
