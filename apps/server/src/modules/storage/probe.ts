import type { StorageConfig } from '../../app/config.js';
import { createStorageDriver } from './create-driver.js';

/** Used by the setup wizard before it saves a storage choice: one attempt, no retries, then let go. */
export async function probeStorage(config: StorageConfig): Promise<void> {
  const driver = createStorageDriver(config, { maxAttempts: 1 });
  try {
    await driver.probe();
  } finally {
    await driver.close();
  }
}
