export { socialRoutes, callbackUrl } from './social.routes.js';
export { socialIdentities, type SocialIdentityRow } from './social.table.js';
