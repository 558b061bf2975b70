import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WRITE_BATCH, writeStreamAt } from './file-writer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'file-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `bytes` cut into pieces of the given sizes (repeated), arriving a tick apart. */
async function* pieces(bytes: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    // A fresh copy each time, as a socket gives: the writer must not keep a reference to it.
    yield Buffer.from(bytes.subarray(at, at + size));
    at += size;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function writeTo(name: string, source: AsyncIterable<Buffer> | Buffer, position = 0, limit?: number) {
  const handle = await open(path.join(dir, name), 'w');
  try {
    return await writeStreamAt(handle, source, position, {
      limit: limit === undefined ? undefined : { bytes: limit, exceeded: (n) => new Error(`too many: ${n}`) },
    });
  } finally {
    await handle.close();
  }
}

describe('writeStreamAt', () => {
  it('writes pieces of any size, across batch boundaries, from several writers at once', async () => {
    const bodies = [
      randomBytes(3 * WRITE_BATCH + 12_345),
      randomBytes(WRITE_BATCH),
      randomBytes(17),
      randomBytes(2 * WRITE_BATCH + 1),
      Buffer.alloc(0),
    ];
    const sizes = [[65_536], [1], [WRITE_BATCH + 7, 3], [100_000, 5, 65_536], [10]];
    const written = await Promise.all(bodies.map((body, i) => writeTo(`w${i}`, pieces(body, sizes[i] ?? [1]))));
    expect(written).toEqual(bodies.map((b) => b.length));
    bodies.forEach((body, i) => expect(readFileSync(path.join(dir, `w${i}`)).equals(body)).toBe(true));
  });

  it('writes from an offset and takes a buffer as it is', async () => {
    const handle = await open(path.join(dir, 'offset'), 'w');
    try {
      await writeStreamAt(handle, Buffer.from('head-'), 0);
      await writeStreamAt(handle, pieces(Buffer.from('tail'), [1]), 5);
    } finally {
      await handle.close();
    }
    expect(readFileSync(path.join(dir, 'offset'), 'utf8')).toBe('head-tail');
  });

  it('refuses a body past its limit before writing a byte beyond it', async () => {
    const body = randomBytes(WRITE_BATCH * 2);
    await expect(writeTo('limited', pieces(body, [65_536]), 0, WRITE_BATCH + 10)).rejects.toThrow(/too many/);
    expect(readFileSync(path.join(dir, 'limited')).length).toBeLessThanOrEqual(WRITE_BATCH + 10);
    await expect(writeTo('limited-buffer', body, 0, 10)).rejects.toThrow(/too many/);
    expect(await writeTo('exact', pieces(body.subarray(0, 100), [7]), 0, 100)).toBe(100);
  });

  it('stops reading and reports a failing source', async () => {
    async function* failing() {
      yield randomBytes(WRITE_BATCH + 1);
      throw new Error('connection reset');
    }
    await expect(writeTo('failing', failing())).rejects.toThrow('connection reset');
  });
});
