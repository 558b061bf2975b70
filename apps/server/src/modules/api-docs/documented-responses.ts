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
