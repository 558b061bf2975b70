export { jobHeartbeats } from './job-heartbeats.table.js';
export { JOB_HEARTBEATS_JOB, jobHeartbeatsJob } from './heartbeats.js';
export { serverHealth } from './health.js';
export { runningConfig } from './running-config.js';
