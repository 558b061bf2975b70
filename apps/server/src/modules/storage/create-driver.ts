import type { StorageConfig } from '../../app/config.js';
import { createLocalDriver } from './local.driver.js';
import { createS3Driver } from './s3.driver.js';
import type { StorageDriver } from './storage.port.js';

export function createStorageDriver(config: StorageConfig, opts: { maxAttempts?: number } = {}): StorageDriver {
  return config.driver === 'local' ? createLocalDriver(config.root) : createS3Driver(config.s3, opts);
}
