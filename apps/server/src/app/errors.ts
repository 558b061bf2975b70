import { isCodedIssue, type CodedIssue, type ErrorResponse } from '@filestore/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db/database.js';
import { AppError, databaseUnavailable, storageFull } from '../lib/errors.js';
import { isDiskFull, type Outages } from '../lib/outages.js';

function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const v of error.validation ?? []) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    (errors[field] ??= []).push(v.message ?? 'Invalid value.');
  }
  return errors;
}

/**
 * A missing dependency is not a bug: its requests answer 503 (507 for a full disk) with a stable
 * code, and the outage is logged once, not once per request.
 */
function outageError(error: unknown, outages: Outages): AppError | null {
  if (error instanceof AppError) return null;
  if (isDiskFull(error)) {
    outages.report('storage', error);
    return storageFull();
  }
  if (isDatabaseUnavailable(error)) {
    outages.report('database', error);
    return databaseUnavailable();
  }
  return null;
}

/** A failed schema check that names its own code and status (contract `CodedIssue`), if any. */
function codedIssueOf(error: FastifyError): { params: CodedIssue; message: string } | undefined {
  for (const v of error.validation ?? []) {
    const params = (v.params as { params?: unknown } | undefined)?.params;
    if (isCodedIssue(params)) return { params, message: v.message ?? 'The request was refused.' };
  }
  return undefined;
}

const isOutage = (error: AppError) => error.status === 503 || error.status === 507;

/** The single place errors become responses: stable code, safe message, internals only in the log. */
export const errorHandler =
  (outages: Outages) => (caught: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const error = outageError(caught, outages) ?? caught;
    let status = 500;
    let body: ErrorResponse = { type: 'error', code: 'internal', message: 'Something went wrong. Please try again.' };
    const coded = error instanceof AppError ? undefined : codedIssueOf(caught);
    if (error instanceof AppError) {
      status = error.status;
      body = { type: 'error', code: error.code, message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      if (error.details) body.details = error.details;
      if (
        (error.code === 'auth.too_many_attempts' || status === 503) &&
        typeof error.details?.retryAfter === 'number'
      ) {
        void reply.header('retry-after', String(error.details.retryAfter));
      }
    } else if (coded) {
      status = coded.params.status;
      body = { type: 'error', code: coded.params.code, message: coded.message };
    } else if (hasZodFastifySchemaValidationErrors(caught) || caught.validation) {
      status = 422;
      body = {
        type: 'error',
        code: 'validation.failed',
        message: 'The given data was invalid.',
        errors: fieldErrors(caught),
      };
    } else if (caught.statusCode && caught.statusCode >= 400 && caught.statusCode < 500) {
      status = caught.statusCode;
      body = { type: 'error', code: status === 404 ? 'not_found' : 'validation.failed', message: caught.message };
    }
    if (status >= 500 && !(error instanceof AppError && isOutage(error)))
      request.log.error({ err: caught }, 'request failed');
    return reply.code(status).send(body);
  };
