import http from 'node:http';
import https from 'node:https';

/** What Google's siteverify answers (reCAPTCHA v3); fields other than `success` may be missing. */
export interface SiteverifyAnswer {
  success: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  challenge_ts?: string;
  'error-codes'?: string[];
}

/** The verify endpoint did not give an answer: unreachable, too slow, an HTTP error or not JSON. */
export class SiteverifyDown extends Error {
  override name = 'SiteverifyDown';
}

/** Its answers are a few hundred bytes: anything past this is not siteverify. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One POST of the form `secret`, `response`, `remoteip` to the verify endpoint with `node:http`(s),
 * the server's client for outgoing calls (ADR 0030, ADR 0036). The whole exchange, connection to
 * last byte, is bounded by `timeoutMs`.
 */
export function postSiteverify(
  url: string,
  form: { secret: string; response: string; remoteip?: string },
  timeoutMs: number,
): Promise<SiteverifyAnswer> {
  const body = new URLSearchParams(
    Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (message: string, cause?: unknown) => reject(new SiteverifyDown(message, { cause }));
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            response.destroy();
            fail('the verify endpoint answered more than 64 KB');
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => fail('the verify endpoint broke off its answer', error));
        response.on('end', () => {
          if (size > MAX_ANSWER_BYTES) return;
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299) return fail(`the verify endpoint answered HTTP ${status}`);
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
            if (
              typeof answer !== 'object' ||
              answer === null ||
              typeof (answer as SiteverifyAnswer).success !== 'boolean'
            ) {
              return fail('the verify endpoint answered without a success field');
            }
            resolve(answer as SiteverifyAnswer);
          } catch (error) {
            fail('the verify endpoint answered something other than JSON', error);
          }
        });
      },
    );
    request.on('error', (error) => fail(`the verify endpoint could not be reached: ${error.message}`, error));
    request.end(body);
  });
}
