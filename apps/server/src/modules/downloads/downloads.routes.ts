import { looseBoolean, uuid, zipQuery } from '@filestore/contract';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { notFound } from '../../lib/errors.js';
import { requireUser } from '../auth/index.js';
import { loadItem, loadItems, selectedAncestors, type Actor } from '../files/index.js';
import { contentDisposition } from '../storage/index.js';
import { assertCanDownload } from './download-access.js';
import { protectFileBytes } from './file-headers.js';
import { sendFileBytes } from './file-response.js';
import { planZipEntries } from './zip-entries.js';
import { parseZipItems } from './zip-items.js';
import { liveTrees } from './zip.repository.js';
import { streamZip } from './zip-stream.js';

/** File download with Range, and streamed zips of files and folders. */
export function downloadsRoutes(app: TypedApp, ctx: AppContext) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/:id/download',
    schema: { params: z.object({ id: uuid }), querystring: z.object({ inline: looseBoolean.optional() }) },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const actor: Actor = { kind: 'user', user };
      const row = await loadItem(ctx.db, actor, request.params.id, { action: 'view', state: 'any' });
      if (row.type !== 'file' || !row.blobKey) throw notFound();
      await assertCanDownload(ctx, user, [row]);
      const file = { ...row, blobKey: row.blobKey, changedAt: row.updatedAt };
      return sendFileBytes(ctx.storage, request, reply, file, { inline: request.query.inline === true });
    },
  });

  // No automatic HEAD: Fastify would build the archive and read every byte to answer it.
  app.get('/api/zip', { schema: { querystring: zipQuery }, exposeHeadRoute: false }, async (request, reply) => {
    const user = requireUser(request);
    const refs = parseZipItems(request.query.items);
    const chosen = await loadItems(ctx.db, { kind: 'user', user }, refs, { action: 'view', state: 'live' });
    // An item inside a chosen folder comes with that folder; zipping it again would double it.
    const ancestors = await selectedAncestors(
      ctx.db,
      chosen.map((r) => r.id),
    );
    const selected = chosen.filter((r) => !ancestors.has(r.id));
    await assertCanDownload(ctx, user, selected);
    const trees = await liveTrees(
      ctx.db,
      selected.filter((r) => r.type === 'folder').map((r) => r.id),
    );
    const { stream, size } = await streamZip(ctx.storage, planZipEntries(selected, trees), request.log);
    const [only] = selected;
    const filename = selected.length === 1 && only?.type === 'folder' ? `${only.name}.zip` : 'files.zip';
    protectFileBytes(reply);
    return reply
      .headers({
        'content-type': 'application/zip',
        'content-length': size,
        'content-disposition': contentDisposition(filename),
        'cache-control': 'private, no-store',
      })
      .send(stream);
  });
}
