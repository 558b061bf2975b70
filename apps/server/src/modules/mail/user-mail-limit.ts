import type { RateLimiter } from '../../lib/rate-limit.js';
import { AppError } from '../../lib/errors.js';

const MAILS_PER_HOUR = 50;
const HOUR = 3_600_000;

/**
 * Mails a user makes the server send to addresses they typed (share links, upload requests): at
 * most 50 an hour, so the server cannot become a way to mail anyone. Counted before anything is
 * created or sent; over the limit answers 429 with the seconds to wait.
 */
export async function reserveUserMails(
  deps: { rateLimiter: RateLimiter },
  userId: string,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const result = await deps.rateLimiter.hit(`user-mail:${userId}`, MAILS_PER_HOUR, HOUR);
    if (!result.allowed) {
      throw new AppError(
        429,
        'rate_limited',
        `Too many mails sent. Try again in ${Math.ceil(result.retryAfter / 60)} minutes.`,
        { retryAfter: result.retryAfter },
      );
    }
  }
}
