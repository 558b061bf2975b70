import { beforeEach } from 'vitest';
import { testDatabaseKind } from './harness.js';

declare module 'vitest' {
  interface TaskMeta {
    /** The database the HTTP suites ran this test on (the JSON report carries it to the summary). */
    database?: 'pglite' | 'postgres';
  }
}

beforeEach(({ task }) => {
  task.meta.database = testDatabaseKind;
});
