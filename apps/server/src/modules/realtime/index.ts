export { publishEach, publishEvent } from './publish.js';
export { outboxEvents } from './outbox.table.js';
export { broadcasting, realtimeModule } from './realtime.routes.js';
export { OUTBOX_CLEANUP_JOB, OUTBOX_DISPATCH_JOB } from './dispatcher.job.js';
export { latestEventId } from './outbox.repository.js';
