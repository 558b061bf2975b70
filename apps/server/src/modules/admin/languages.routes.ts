import {
  createLanguageRequest,
  languageDetailResponse,
  languageResponse,
  languagesResponse,
  languageStringResponse,
  updateLanguageRequest,
  updateLanguageStringRequest,
} from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { requireAdmin } from '../access/index.js';
import {
  createLanguage,
  deleteLanguage,
  editString,
  languageDetail,
  listLanguages,
  updateLanguage,
} from '../languages/index.js';
import { recordAudit } from './audit.js';

const params = z.object({ id: z.uuid() });

/**
 * The language editor (issue 16 point 5, ADR 0044): installed languages, their strings, the
 * default. Registered inside the admin scope, so 401/403 come first.
 */
export function languageAdminRoutes(admin: TypedApp, ctx: AppContext) {
  admin.get(
    '/api/admin/languages',
    { config: { access: 'admin' }, schema: { response: { 200: languagesResponse } } },
    async () => listLanguages(ctx.db),
  );

  admin.post(
    '/api/admin/languages',
    { config: { access: 'admin' }, schema: { body: createLanguageRequest, response: { 201: languageResponse } } },
    async (request, reply) => {
      const data = await createLanguage(ctx.db, request.body);
      return reply.status(201).send({ data });
    },
  );

  admin.get(
    '/api/admin/languages/:id',
    { config: { access: 'admin' }, schema: { params, response: { 200: languageDetailResponse } } },
    async (request) => languageDetail(ctx.db, request.params.id),
  );

  admin.patch(
    '/api/admin/languages/:id',
    {
      config: { access: 'admin' },
      schema: { params, body: updateLanguageRequest, response: { 200: languageResponse } },
    },
    async (request) => {
      const actor = requireAdmin(request);
      const data = await updateLanguage(ctx.db, request.params.id, request.body);
      // A new default is a change of the setting `language`, audited like one.
      if (request.body.default) {
        await recordAudit(ctx.db, actor, 'settings.changed', null, { name: 'language', value: data.locale });
      }
      return { data };
    },
  );

  admin.delete(
    '/api/admin/languages/:id',
    { config: { access: 'admin' }, schema: { params } },
    async (request, reply) => {
      await deleteLanguage(ctx.db, request.params.id);
      return reply.status(204).send();
    },
  );

  admin.patch(
    '/api/admin/languages/:id/strings',
    {
      config: { access: 'admin' },
      schema: { params, body: updateLanguageStringRequest, response: { 200: languageStringResponse } },
    },
    async (request) => ({
      data: await editString(ctx.db, request.params.id, request.body.name, request.body.value),
    }),
  );
}
