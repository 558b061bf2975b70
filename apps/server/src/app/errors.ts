import { isCodedIssue, type CodedIssue, type ErrorResponse } from '@filestore/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const v of error.validation ?? []) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    (errors[field] ??= []).push(v.message ?? 'Invalid value.');
  }
  return errors;
}

/** A failed schema check that names its own code and status (contract `CodedIssue`), if any. */
function codedIssueOf(error: FastifyError): { params: CodedIssue; message: string } | undefined {
  for (const v of error.validation ?? []) {
    const params = (v.params as { params?: unknown } | undefined)?.params;
    if (isCodedIssue(params)) return { params, message: v.message ?? 'The request was refused.' };
  }
  return undefined;
}

/** The single place errors become responses: stable code, safe message, internals only in the log. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let body: ErrorResponse = { type: 'error', code: 'internal', message: 'Something went wrong. Please try again.' };
  const coded = error instanceof AppError ? undefined : codedIssueOf(error);
  if (error instanceof AppError) {
    status = error.status;
    body = { type: 'error', code: error.code, message: error.message };
    if (error.fieldErrors) body.errors = error.fieldErrors;
    if (error.details) body.details = error.details;
    if (error.code === 'auth.too_many_attempts' && typeof error.details?.retryAfter === 'number') {
      void reply.header('retry-after', String(error.details.retryAfter));
    }
  } else if (coded) {
    status = coded.params.status;
    body = { type: 'error', code: coded.params.code, message: coded.message };
  } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    status = 422;
    body = {
      type: 'error',
      code: 'validation.failed',
      message: 'The given data was invalid.',
      errors: fieldErrors(error),
    };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    body = { type: 'error', code: status === 404 ? 'not_found' : 'validation.failed', message: error.message };
  }
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(status).send(body);
}
