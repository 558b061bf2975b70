export { publishEvent } from './publish.js';
export { outboxEvents } from './outbox.table.js';
