export { probeStorage } from './probe.js';
