import { randomBytes } from 'node:crypto';
import { closeSync, constants, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as writer from './file-writer.js';
import { DirectWrites, WRITE_BATCH, writeAndSync } from './file-writer.js';
import { createLocalDriver } from './local.driver.js';

/** Every file opened with O_DIRECT, and what its writes did; `failDirect` makes them fail. */
const seen: { directOpens: string[]; directWrites: number; bufferedWrites: number } = {
  directOpens: [],
  directWrites: 0,
  bufferedWrites: 0,
};
const hooks: { failDirectOpen?: string; failDirectWrite?: { code: string; after: number } } = {};
const errno = (code: string) => Object.assign(new Error(`${code}: refused on purpose`), { code });

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = async (...args) => {
    const [file, flags] = args;
    const direct = typeof flags === 'number' && (flags & constants.O_DIRECT) !== 0;
    if (direct) {
      seen.directOpens.push(String(file));
      if (hooks.failDirectOpen) throw errno(hooks.failDirectOpen);
    }
    const handle = await real.open(...args);
    const write = handle.write.bind(handle) as (...a: unknown[]) => Promise<{ bytesWritten: number }>;
    handle.write = (async (...a: unknown[]) => {
      if (direct) {
        const failing = hooks.failDirectWrite;
        if (failing && seen.directWrites >= failing.after) throw errno(failing.code);
        seen.directWrites++;
      } else {
        seen.bufferedWrites++;
      }
      return write(...a);
    }) as typeof handle.write;
    return handle;
  };
  return { ...real, default: { ...real, open }, open };
});

const dir = mkdtempSync(path.join(tmpdir(), 'file-writer-direct-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether this file system takes O_DIRECT at all (tmpfs before Linux 6.6 does not). */
const directSupported = (() => {
  if (!constants.O_DIRECT) return false; // not on every platform (macOS)
  const probe = path.join(dir, 'probe');
  writeFileSync(probe, '');
  try {
    closeSync(openSync(probe, constants.O_WRONLY | constants.O_DIRECT));
    return true;
  } catch {
    return false;
  }
})();

async function* pieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield Buffer.from(bytes.subarray(at, at + size));
}

async function write(name: string, body: Buffer | AsyncIterable<Buffer>, writes: DirectWrites, position = 0) {
  const file = path.join(dir, name);
  const handle = await fsp.open(file, position ? 'r+' : 'w');
  try {
    return await writeAndSync(handle, body, position, undefined, { path: file, writes });
  } finally {
    await handle.close();
  }
}

beforeEach(() => {
  seen.directOpens = [];
  seen.directWrites = 0;
  seen.bufferedWrites = 0;
  delete hooks.failDirectOpen;
  delete hooks.failDirectWrite;
});

describe('direct writes (ADR 0055)', () => {
  it.skipIf(!directSupported)(
    'writes the full batches of a large body past the page cache, the rest through it',
    async () => {
      const body = randomBytes(3 * WRITE_BATCH + 12_345);
      const writes = new DirectWrites();
      expect(await write('large', pieces(body, 65_536), writes)).toBe(body.length);
      expect(readFileSync(path.join(dir, 'large')).equals(body)).toBe(true);
      expect(seen.directOpens).toEqual([path.join(dir, 'large')]);
      expect(seen.directWrites).toBe(3);
      expect(seen.bufferedWrites).toBe(1); // the last 12,345 bytes
      expect(writes.enabled).toBe(true);
    },
  );

  it.skipIf(!directSupported)('writes directly from an aligned offset, and never from an unaligned one', async () => {
    const head = randomBytes(2 * WRITE_BATCH);
    const tail = randomBytes(2 * WRITE_BATCH);
    const writes = new DirectWrites();
    await write('parts', head, writes);
    await write('parts', pieces(tail, 1000), writes, head.length);
    expect(seen.directWrites).toBe(2);
    expect(readFileSync(path.join(dir, 'parts')).equals(Buffer.concat([head, tail]))).toBe(true);

    seen.directOpens = [];
    writeFileSync(path.join(dir, 'odd'), 'x');
    await write('odd', pieces(tail, 4096), writes, 1);
    expect(seen.directOpens).toEqual([]);
    expect(readFileSync(path.join(dir, 'odd')).equals(Buffer.concat([Buffer.from('x'), tail]))).toBe(true);
  });

  it('leaves small bodies and whole buffers to the page cache', async () => {
    const writes = new DirectWrites();
    await write('small', pieces(randomBytes(WRITE_BATCH - 1), 65_536), writes);
    await write('buffer', randomBytes(3 * WRITE_BATCH), writes);
    await write('off', pieces(randomBytes(3 * WRITE_BATCH), 65_536), new DirectWrites(false));
    expect(seen.directOpens).toEqual([]);
  });

  it('turns direct writes off for good when the file system refuses to open a file for them', async () => {
    hooks.failDirectOpen = 'EINVAL';
    const body = randomBytes(2 * WRITE_BATCH + 5);
    const writes = new DirectWrites();
    expect(await write('refused-open', pieces(body, 65_536), writes)).toBe(body.length);
    expect(readFileSync(path.join(dir, 'refused-open')).equals(body)).toBe(true);
    expect(writes.enabled).toBe(false);
    await write('after', pieces(body, 65_536), writes);
    expect(seen.directOpens).toHaveLength(1);
  });

  it.skipIf(!directSupported)(
    'writes a batch again through the page cache when a direct write is refused',
    async () => {
      hooks.failDirectWrite = { code: 'EINVAL', after: 1 };
      const body = randomBytes(4 * WRITE_BATCH);
      const writes = new DirectWrites();
      expect(await write('refused-write', pieces(body, 65_536), writes)).toBe(body.length);
      expect(readFileSync(path.join(dir, 'refused-write')).equals(body)).toBe(true);
      expect(seen.directWrites).toBe(1);
      expect(writes.enabled).toBe(false);
    },
  );

  it.skipIf(!directSupported)('reports any other failure of a direct write (a full disk) as it is', async () => {
    hooks.failDirectWrite = { code: 'ENOSPC', after: 0 };
    const writes = new DirectWrites();
    await expect(write('full', pieces(randomBytes(2 * WRITE_BATCH), 65_536), writes)).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    expect(writes.enabled).toBe(true);
  });

  it.skipIf(!directSupported)(
    'runs sixteen writers at once directly; more go through the page cache, none lose a byte',
    async () => {
      const bodies = Array.from({ length: 20 }, (_, i) => randomBytes(3 * WRITE_BATCH + i * 1000));
      const writes = new DirectWrites();
      const openFds = () => readdirSync('/proc/self/fd').length;
      const fdsBefore = openFds();
      // Every writer takes its buffers before any body arrives, so all twenty hold theirs at once.
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      async function* gated(body: Buffer) {
        await gate;
        yield* pieces(body, 65_536);
      }
      const all = Promise.all(bodies.map((body, i) => write(`many-${i}`, gated(body), writes)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      expect(await all).toEqual(bodies.map((b) => b.length));
      bodies.forEach((body, i) => expect(readFileSync(path.join(dir, `many-${i}`)).equals(body)).toBe(true));
      expect(seen.directOpens).toHaveLength(16);
      expect(seen.directWrites).toBe(16 * 3);
      expect(writes.enabled).toBe(true);
      expect(openFds()).toBe(fdsBefore);
    },
  );

  it('writes through the page cache when no aligned memory can be made (a tight address-space limit)', async () => {
    vi.resetModules();
    const Memory = WebAssembly.Memory;
    (WebAssembly as { Memory: unknown }).Memory = function refuse() {
      throw new RangeError('WebAssembly.Memory(): could not allocate memory');
    };
    try {
      const fresh: typeof writer = await import('./file-writer.js');
      const body = randomBytes(2 * WRITE_BATCH + 5);
      const file = path.join(dir, 'no-memory');
      const handle = await fsp.open(file, 'w');
      try {
        const target = { path: file, writes: new fresh.DirectWrites() };
        expect(await fresh.writeAndSync(handle, pieces(body, 65_536), 0, undefined, target)).toBe(body.length);
      } finally {
        await handle.close();
      }
      expect(readFileSync(file).equals(body)).toBe(true);
      expect(seen.directOpens).toEqual([]);
    } finally {
      (WebAssembly as { Memory: unknown }).Memory = Memory;
    }
  });

  it.skipIf(!directSupported)(
    'is how the local driver stores a large blob, which reads back byte for byte',
    async () => {
      const driver = createLocalDriver(path.join(dir, 'driver'), { directWrites: true });
      try {
        const body = randomBytes(5 * WRITE_BATCH + 777);
        await driver.put('big', Readable.from(pieces(body, 65_536)), {
          contentType: 'application/zip',
          size: body.length,
        });
        expect(seen.directWrites).toBe(5);
        const blob = await driver.get('big');
        const chunks: Buffer[] = [];
        for await (const chunk of blob.body) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(body)).toBe(true);
      } finally {
        await driver.close();
      }
    },
  );
});
