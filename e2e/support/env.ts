import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The fake sign-in provider of the social sign-in journey listens here (on loopback). */
export const E2E_OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? E2E_PORT + 100);
export const E2E_OAUTH_ORIGIN = `http://127.0.0.1:${E2E_OAUTH_PORT}`;

/**
 * `E2E_STORAGE=s3` runs the transfer and share journeys a second time with STORAGE_DRIVER=s3 against
 * TEST_S3_ENDPOINT (what .ci/run starts), downloads redirected to the bucket (S3_DIRECT_DOWNLOADS).
 * Without an endpoint those journeys are reported as skipped, with the reason.
 */
export const E2E_STORAGE: 'local' | 's3' = process.env.E2E_STORAGE === 's3' ? 's3' : 'local';
export const E2E_S3 =
  E2E_STORAGE === 's3' && process.env.TEST_S3_ENDPOINT
    ? {
        endpoint: process.env.TEST_S3_ENDPOINT,
        // A bucket of its own, made and emptied by the run (support/s3-bucket.ts).
        bucket: `${process.env.TEST_S3_BUCKET ?? 'filestore-test'}-e2e`,
        accessKeyId: process.env.TEST_S3_ACCESS_KEY ?? '',
        secretAccessKey: process.env.TEST_S3_SECRET_KEY ?? '',
      }
    : null;
/** Why the S3 run does not run, when it does not. */
export const E2E_S3_SKIPPED =
  E2E_STORAGE === 's3' && !E2E_S3
    ? `S3 journeys not run: ${process.env.TEST_S3_SKIPPED_REASON || 'TEST_S3_ENDPOINT is not set'}`
    : null;

export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `filestore-e2e-${E2E_STORAGE === 's3' ? 's3-' : ''}${E2E_PORT}`);

/**
 * The fake reCAPTCHA (script and siteverify) the human-check journey starts on loopback; the server
 * is pointed at it from the start, and asks it nothing until an administrator turns the check on.
 */
export const E2E_RECAPTCHA_PORT = Number(process.env.E2E_RECAPTCHA_PORT ?? E2E_PORT + 90);
export const E2E_RECAPTCHA_URL = `http://127.0.0.1:${E2E_RECAPTCHA_PORT}`;

/** The fake Stripe the Stripe billing journey starts on loopback; the server's STRIPE_API_BASE points here. */
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? E2E_PORT + 110);
export const E2E_STRIPE_URL = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
/** The fake PayPal and Paystack (apps/server/test/fake-*.ts) of the payments journey, on loopback. */
export const E2E_PAYPAL_PORT = Number(process.env.E2E_PAYPAL_PORT ?? E2E_PORT + 120);
export const E2E_PAYPAL_ORIGIN = `http://127.0.0.1:${E2E_PAYPAL_PORT}`;
export const E2E_PAYSTACK_PORT = Number(process.env.E2E_PAYSTACK_PORT ?? E2E_PORT + 130);
export const E2E_PAYSTACK_ORIGIN = `http://127.0.0.1:${E2E_PAYSTACK_PORT}`;
