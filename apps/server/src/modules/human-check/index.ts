export { humanCheckKeys, requireHuman, judge, type HumanCheckRefusal } from './human-check.js';
