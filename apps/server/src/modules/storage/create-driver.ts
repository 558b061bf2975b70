import type { StorageConfig } from '../../app/config.js';
import { createLocalDriver } from './local.driver.js';
import type { S3DriverOptions } from './s3.driver.js';
import type { StorageDriver } from './storage.port.js';

export function createStorageDriver(config: StorageConfig, opts: S3DriverOptions = {}): StorageDriver {
  return config.driver === 'local'
    ? createLocalDriver(config.root, { directWrites: config.directWrites })
    : lazyS3Driver(config.s3, opts);
}

/**
 * The AWS SDK costs ~25 MB of memory and start-up time: a local install never loads it, and an S3
 * install loads it with the first call.
 */
function lazyS3Driver(settings: Extract<StorageConfig, { driver: 's3' }>['s3'], opts: S3DriverOptions): StorageDriver {
  let loaded: Promise<StorageDriver> | undefined;
  const driver = () => (loaded ??= import('./s3.driver.js').then((m) => m.createS3Driver(settings, opts)));
  return {
    name: 's3',
    put: async (...args) => (await driver()).put(...args),
    get: async (...args) => (await driver()).get(...args),
    head: async (...args) => (await driver()).head(...args),
    delete: async (...args) => (await driver()).delete(...args),
    deleteMany: async (...args) => (await driver()).deleteMany(...args),
    copy: async (...args) => (await driver()).copy(...args),
    createMultipart: async (...args) => (await driver()).createMultipart(...args),
    uploadPart: async (...args) => (await driver()).uploadPart(...args),
    completeMultipart: async (...args) => (await driver()).completeMultipart(...args),
    abortMultipart: async (...args) => (await driver()).abortMultipart(...args),
    signedUrl: async (key, signOpts) => {
      const d = await driver();
      if (!d.signedUrl) throw new Error('the S3 driver signs URLs');
      return d.signedUrl(key, signOpts);
    },
    probe: async () => (await driver()).probe(),
    close: async () => {
      if (loaded) await (await loaded).close();
    },
  };
}
