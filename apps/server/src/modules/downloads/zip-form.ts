import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TypedApp } from '../../app/types.js';
import { checkXsrfField } from '../auth/index.js';

// `items` for the most ids a zip takes (1,000 × "uuid|folder,") and the token, with room to spare.
const FORM_BODY_LIMIT = 128 * 1024;

/**
 * A zip of a large selection is posted, not asked for in a URL: the web app sends up to 900 ids,
 * about 40 KB, and a request line that long passes Node's 16 KiB header limit (431) and most
 * proxies'. The download is a navigation, so a hidden HTML form posts it
 * (`application/x-www-form-urlencoded`, the XSRF token in `_token`); JSON with the XSRF header
 * works too. Only this scope parses forms: the rest of the API keeps its JSON bodies.
 */
export function zipFormRoutes(app: TypedApp, routes: (scope: TypedApp) => void): void {
  app.register(async (instance) => {
    instance.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    routes(instance.withTypeProvider<ZodTypeProvider>());
  });
}

/** Route options of a posted zip: the form body, its XSRF field, and no automatic HEAD. */
export const zipFormOptions = {
  config: { xsrfInBody: true },
  bodyLimit: FORM_BODY_LIMIT,
  preValidation: (request: FastifyRequest, _reply: FastifyReply) => checkXsrfField(request),
  exposeHeadRoute: false,
} as const;
