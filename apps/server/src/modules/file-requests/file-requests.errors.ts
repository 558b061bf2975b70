// The refusal of the link decision (`access/links.ts`), which owns it.
export { requestClosed } from '../access/index.js';
