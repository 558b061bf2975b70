export { authRoutes } from './auth.routes.js';
export { checkXsrfField, csrfHook, XSRF_COOKIE, XSRF_HEADER } from './csrf.js';
export { requireUser, requireAdmin } from './guards.js';
export { SESSION_COOKIE, cookieSecure, startSession, userFromSession, purgeExpiredSessions } from './sessions.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { publicUrl } from './links.js';
