import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLocalDriver } from './local.driver.js';
import { describeStorageDriver } from './storage.behaviour.js';

const root = await mkdtemp(path.join(tmpdir(), 'filestore-storage-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describeStorageDriver('local', async () => createLocalDriver(root));

it('leaves no temporary or multipart files behind', async () => {
  const driver = createLocalDriver(root);
  const id = await driver.createMultipart('files/leftovers');
  await driver.uploadPart('files/leftovers', id, 1, Buffer.from('x'), 1);
  await driver.abortMultipart('files/leftovers', id);
  expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  expect(await readdir(path.join(root, '.multipart'))).toEqual([]);
});
