export { authRoutes } from './auth.routes.js';
export { csrfHook, XSRF_COOKIE, XSRF_HEADER } from './csrf.js';
export { requireUser, requireAdmin } from './guards.js';
export { SESSION_COOKIE, startSession, userFromSession, purgeExpiredSessions } from './sessions.js';
export { hashPassword } from './passwords.js';
