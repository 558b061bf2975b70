import type { HumanCheckAction } from '@filestore/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { AppError, RETRY_AFTER_OUTAGE_SECONDS } from '../../lib/errors.js';
import { openSealedSetting, readSettings, type Settings } from '../settings/index.js';
import { postSiteverify, SiteverifyDown, type SiteverifyAnswer } from './siteverify.js';

export interface HumanCheckKeys {
  siteKey: string;
  secret: string;
  minScore: number;
}

/**
 * The check is on only when the administrator enabled it AND both keys are set (and the secret
 * still opens under the app key): a half-configured check asks for nothing rather than locking
 * everyone out. The public configuration's `recaptcha.allowed` reads the same answer, so the page
 * loads the script exactly when the server will ask for a token.
 */
export function humanCheckKeys(settings: Settings): HumanCheckKeys | null {
  if (!settings.allowed_recaptcha) return null;
  const siteKey = settings.recaptcha_client_id?.trim();
  if (!siteKey) return null;
  const secret = openSealedSetting(settings, 'recaptcha_client_secret');
  if (!secret) return null;
  return { siteKey, secret, minScore: settings.recaptcha_min_score };
}

/** Why a token was refused; sent as `details.reason` (never the score itself). */
export type HumanCheckRefusal = 'missing' | 'invalid' | 'action' | 'hostname' | 'score';

export interface Expected {
  action: HumanCheckAction;
  minScore: number;
  /** The site's host name (APP_URL's); null skips the check (Google checks the domain by default). */
  hostname: string | null;
}

/** Google's answer to a token against what this form expects: null when it passes. */
export function judge(answer: SiteverifyAnswer, expected: Expected): HumanCheckRefusal | null {
  if (!answer.success) return 'invalid';
  if (answer.action !== expected.action) return 'action';
  if (expected.hostname !== null && answer.hostname?.toLowerCase() !== expected.hostname.toLowerCase()) {
    return 'hostname';
  }
  // A v2 key answers without a score: not what this check is for, so it does not pass.
  if (typeof answer.score !== 'number' || !(answer.score >= expected.minScore)) return 'score';
  return null;
}

/** Error codes of Google's that mean the server's own secret is wrong, not the visitor's token. */
const SECRET_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret']);

export const humanCheckFailed = (reason: HumanCheckRefusal) =>
  new AppError(
    422,
    'human_check.failed',
    'We could not confirm that you are a person. Please try again; if it keeps failing, allow scripts from Google reCAPTCHA for this site.',
    { reason },
  );

export const humanCheckUnavailable = () =>
  new AppError(
    503,
    'human_check.unavailable',
    'The human check is not answering right now. Please try again in a minute.',
    { retryAfter: RETRY_AFTER_OUTAGE_SECONDS },
  );

/**
 * Refuses the request unless the administrator's human check is off, or `token` was made for
 * `action` on this site and scores at least the minimum. Fails closed: a verify endpoint that
 * cannot be asked (down, slow, refusing our secret) answers 503, never lets the request through.
 * Called by sign-in, sign-up and password recovery, and by the contact form (ADR 0036).
 */
export async function requireHuman(
  ctx: AppContext,
  request: FastifyRequest,
  action: HumanCheckAction,
  token: string | undefined,
  settings?: Settings,
): Promise<void> {
  const keys = humanCheckKeys(settings ?? (await readSettings(ctx.db)));
  if (!keys) return;
  if (!token) throw humanCheckFailed('missing');
  const { env, appUrl } = ctx.config;
  let answer: SiteverifyAnswer;
  try {
    answer = await postSiteverify(
      env.RECAPTCHA_VERIFY_URL,
      { secret: keys.secret, response: token, remoteip: request.ip },
      env.RECAPTCHA_TIMEOUT_MS,
    );
  } catch (error) {
    if (!(error instanceof SiteverifyDown)) throw error;
    ctx.outages.report('human-check', error);
    throw humanCheckUnavailable();
  }
  if (!answer.success && answer['error-codes']?.some((code) => SECRET_ERRORS.has(code))) {
    ctx.outages.report(
      'human-check',
      new Error(`siteverify refused the secret key: ${answer['error-codes'].join(', ')}`),
    );
    throw humanCheckUnavailable();
  }
  ctx.outages.recovered('human-check');
  const refusal = judge(answer, {
    action,
    minScore: keys.minScore,
    hostname: appUrl ? new URL(appUrl).hostname : null,
  });
  if (refusal) throw humanCheckFailed(refusal);
}
