export { traffic, type TrafficRow } from './traffic.table.js';
export { TrafficMeter, TRAFFIC_FLUSH_MS, utcDay } from './traffic-meter.js';
export { trafficOf, trafficPerDay } from './traffic.repository.js';
