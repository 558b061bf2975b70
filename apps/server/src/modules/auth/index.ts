export { authRoutes } from './auth.routes.js';
export { checkXsrfField, csrfHook, XSRF_COOKIE, XSRF_HEADER } from './csrf.js';
export { SESSION_COOKIE, cookieSecure, liveSessionTokens, startSession, userFromSession } from './sessions.js';
export { SESSIONS_CLEANUP_JOB, sessionsCleanupJob } from './sessions.job.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { publicUrl } from './links.js';
export { bearerHook, dropCookiesOfBearerAnswers } from './bearer.js';
export { accessTokenRoutes } from './access-tokens.routes.js';
// What social sign-in (modules/social) shares with a password sign-in: the same session, the same
// pending second factor, the same verification mail and per-address limit (ADR 0035).
export { appKey } from './links.js';
export { startChallenge } from './two-factor.js';
export { sendVerificationMail } from './auth.mails.js';
export { limitPerAddress } from './limits.js';
export { accountSuspended, refuseBlockedSignIn } from './sign-in-gate.js';
export { revokeAllSessions, liveSessionsOf } from './sessions.js';
export { requestPasswordResetFor } from './password-reset.js';
export { describeUserAgent } from './security.routes.js';
