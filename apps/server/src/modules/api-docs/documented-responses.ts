import {
  adminDashboardResponse,
  adminSettingsResponse,
  appConfig,
  bulkUploadResponse,
  errorResponse,
  messageResponse,
  pingResponse,
  registerResponse,
  setupState,
  userResource,
} from '@filestore/contract';
import type { z } from 'zod';

/**
 * Answers the contract describes for routes that do not declare a response schema (declaring it
 * would also check every answer at run time in tests): for the document only. Keyed by
 * `METHOD /fastify/:path`; the test checks that every key is a route.
 */
export const DOCUMENTED_RESPONSES: Record<string, Record<number, z.ZodType>> = {
  'GET /api/ping': { 200: pingResponse },
  'GET /api/config': { 200: appConfig },
  'POST /api/login': { 200: messageResponse },
  'POST /api/register': { 201: registerResponse },
  'POST /api/password/recover': { 200: messageResponse },
  'POST /api/password/reset': { 200: messageResponse },
  'POST /api/user/password': { 200: messageResponse },
  'POST /api/user/verify': { 200: messageResponse },
  'GET /api/user': { 200: userResource },
  'POST /api/user/settings': { 200: userResource },
  'PATCH /api/user/settings': { 200: userResource },
  'POST /api/contact': { 202: messageResponse },
  'GET /api/setup/state': { 200: setupState },
  'GET /api/admin/dashboard': { 200: adminDashboardResponse },
  'GET /api/admin/settings': { 200: adminSettingsResponse },
  'PATCH /api/admin/settings': { 200: adminSettingsResponse },
  'POST /api/admin/settings': { 200: adminSettingsResponse },
  'POST /api/upload/bulk': { 200: bulkUploadResponse },
  'POST /api/sharing/upload/bulk/:token': { 200: bulkUploadResponse },
  'POST /api/file-request/:token/upload/bulk': { 200: bulkUploadResponse },
};

/**
 * The bulk upload's request (ADR 0075), for the document only: its multipart body is read by the
 * route itself, and its Idempotency-Key is checked there (400 `upload.idempotency_key_required`).
 */
const BULK_REQUEST = {
  consumes: ['multipart/form-data'],
  headers: {
    type: 'object',
    properties: {
      'idempotency-key': {
        type: 'string',
        format: 'uuid',
        description:
          'A UUID for this set of files, the same one again when the request is retried: the files made the first time are answered, only the rest are made. Another manifest under the same key answers 422, a retry while the first still runs 409; keys are kept for 24 hours.',
      },
    },
    required: ['idempotency-key'],
  },
  body: {
    type: 'object',
    properties: {
      manifest: {
        type: 'string',
        description:
          'First: JSON {parent_id, files: [{name, path, size, modified_at, sha256}]}, at most bulkUpload.maxFiles files and maxBytes bytes in all, each at most fileMax (GET /api/config).',
      },
      file: {
        type: 'array',
        items: { type: 'string', format: 'binary' },
        description: "Then one part named 'file' per manifest entry, in the manifest's order.",
      },
    },
    required: ['manifest', 'file'],
  },
};

/** Requests the route reads itself (multipart bodies), described for the document. */
export const DOCUMENTED_REQUESTS: Record<string, Record<string, unknown>> = {
  'POST /api/upload/bulk': BULK_REQUEST,
  'POST /api/sharing/upload/bulk/:token': BULK_REQUEST,
  'POST /api/file-request/:token/upload/bulk': BULK_REQUEST,
};

/** Routes that answer bytes rather than JSON, with the media type they send. */
export const BINARY_RESPONSES: Record<string, string> = {
  'GET /api/files/:id/download': 'application/octet-stream',
  'GET /api/files/:id/thumbnail/:size': 'image/webp',
  'GET /api/zip': 'application/zip',
  'POST /api/zip': 'application/zip',
  'GET /api/sharing/zip/:token': 'application/zip',
  'POST /api/sharing/zip/:token': 'application/zip',
  'GET /api/sharing/download/:id/:token': 'application/octet-stream',
  'GET /api/sharing/thumbnail/:id/:size/:token': 'image/webp',
  'GET /api/file-request/:token/download/:id': 'application/octet-stream',
  'GET /api/file-request/:token/thumbnail/:id/:size': 'image/webp',
  'GET /emoji/:file': 'image/svg+xml',
  'GET /api/docs': 'text/html',
  'GET /api/docs/assets/:file': 'application/octet-stream',
};

/**
 * Every operation may answer the error envelope, with a stable `code` (contract errors.ts): one
 * component (`Error`), referenced by each operation.
 */
export const ERROR_RESPONSE = errorResponse.meta({ id: 'Error' });
