import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalDriver } from './local.driver.js';

/**
 * What a power cut or a second writer could otherwise catch half-done, made to happen on purpose:
 * the file system calls the local driver makes are slowed or failed here through these hooks.
 */
const hooks: {
  rename?: (from: string, to: string) => Promise<void> | void;
  writeFile?: (file: string) => Promise<void> | void;
  /** Before the fsync of a folder; `after` once it finished. */
  folderSync?: (dir: string) => Promise<void> | void;
  folderSynced?: (dir: string) => void;
} = {};

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = async (...args) => {
    const handle = await real.open(...args);
    const [file, flags] = args;
    if (flags === 'r') {
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        await hooks.folderSync?.(String(file));
        await sync();
        hooks.folderSynced?.(String(file));
      };
    }
    return handle;
  };
  const rename: typeof real.rename = async (from, to) => {
    await hooks.rename?.(String(from), String(to));
    return real.rename(from, to);
  };
  const writeFile = (async (file: Parameters<typeof real.writeFile>[0], ...rest: unknown[]) => {
    if (typeof file === 'string') await hooks.writeFile?.(file);
    return (real.writeFile as (...a: unknown[]) => Promise<void>)(file, ...rest);
  }) as typeof real.writeFile;
  return { ...real, default: { ...real, open, rename, writeFile }, open, rename, writeFile };
});

const shardOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 2);

describe('local storage commits', () => {
  let root: string;

  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'filestore-commit-'));
  });

  afterEach(async () => {
    for (const name of Object.keys(hooks)) delete hooks[name as keyof typeof hooks];
    await fsp.rm(root, { recursive: true, force: true });
  });

  it('acknowledges no blob before the folders made for it are durable, whichever write made them', async () => {
    // Two keys of one shard: the first write into it makes `<root>/<ab>` and `.meta/<ab>`.
    const keys: string[] = [];
    for (let i = 0; keys.length < 2; i++) if (shardOf(`k${i}`) === shardOf('k0')) keys.push(`k${i}`);
    const shard = shardOf('k0');
    // The disk holds the root folder's fsync (which makes the new shard folders' entries durable)
    // until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    hooks.folderSync = (dir) => (dir === root ? held : undefined);
    const driver = createLocalDriver(root);
    const acknowledged: string[] = [];
    const first = driver.put(keys[0] ?? '', Buffer.from('one')).then(() => acknowledged.push('first'));
    await vi.waitFor(() => expect(existsSync(path.join(root, '.meta', shard))).toBe(true));
    // A second write into the folders the first one made, while their entries are not durable yet.
    const second = driver.put(keys[1] ?? '', Buffer.from('two')).then(() => acknowledged.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(acknowledged).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(acknowledged.sort()).toEqual(['first', 'second']);
    await driver.close();
  });

  it('never leaves one write’s bytes with another write’s content type when two write one key at once', async () => {
    let slowed = false;
    hooks.rename = async (_from, to) => {
      // The first write's bytes go into place late (a busy thread pool), after the second write began.
      if (!slowed && !to.includes(`${path.sep}.meta${path.sep}`)) {
        slowed = true;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    };
    const driver = createLocalDriver(root);
    await driver.put('warm', Buffer.from('folders made'));
    slowed = false;
    const first = driver.put('doc', Buffer.from('<p>one</p>'), { contentType: 'text/html' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await driver.put('doc', Buffer.from('{"two":2}'), { contentType: 'application/json' });
    await first;
    const stored = await driver.get('doc');
    const bytes = Buffer.concat(await stored.body.toArray()).toString();
    const type = (await driver.head('doc'))?.contentType;
    expect([
      ['<p>one</p>', 'text/html'],
      ['{"two":2}', 'application/json'],
    ]).toContainEqual([bytes, type]);
    await driver.close();
  });

  it('says whose its temp folder is even when the first attempts to say so failed', async () => {
    let diskFull = true;
    hooks.writeFile = (file) => {
      if (diskFull && path.basename(file) === 'owner.json') {
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      }
    };
    const driver = createLocalDriver(root);
    await expect(driver.put('first', Buffer.from('x'))).rejects.toMatchObject({ code: 'ENOSPC' });
    // A body stream left unread is closed, not left hanging, when the temp folder could not be made.
    const body = Readable.from([Buffer.from('z')]);
    await expect(driver.put('streamed', body)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(body.destroyed).toBe(true);
    // Its folder removed by hand and made again by a copy, whose owner.json cannot be written either:
    // no write may then go into that folder as if it were still known.
    diskFull = false;
    await driver.put('warm', Buffer.from('w'));
    await fsp.rm(path.join(root, '.tmp'), { recursive: true });
    diskFull = true;
    await expect(driver.copy('warm', 'copied')).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(driver.put('ownerless', Buffer.from('o'))).rejects.toMatchObject({ code: 'ENOSPC' });
    diskFull = false;
    await driver.put('second', Buffer.from('y'));
    const folders = await fsp.readdir(path.join(root, '.tmp'));
    expect(folders).toHaveLength(1);
    expect(existsSync(path.join(root, '.tmp', folders[0] ?? '', 'owner.json'))).toBe(true);
    await driver.close();
  });
});
