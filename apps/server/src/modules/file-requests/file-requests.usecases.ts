import type { CreateFileRequest } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import { randomToken } from '../../lib/crypto.js';
import {
  assertRoomBelow,
  authorizeFolder,
  folderCreationRestricted,
  insertItem,
  publishItemsChanged,
  withTreeLock,
  countLiveFilesBelow,
} from '../files/index.js';
import { reserveUserMails } from '../mail/index.js';
import { notify } from '../notifications/index.js';
import { readSettings } from '../settings/index.js';
import { endLinkUploads } from '../uploads/index.js';
import { findUserByEmail, findUserById, isActiveAccount, restrictionsFor, type UserRow } from '../users/index.js';
import { sendFilledMail, sendRequestMail } from './file-request.mails.js';
import {
  insertFileRequest,
  markFilled,
  markFirstUpload,
  touchLastUpload,
  type FoundRequest,
} from './file-requests.repository.js';
import { filledNotification, firstUploadNotification, requestedNotification } from './file-request.notifications.js';
import { requestClosed } from './file-requests.errors.js';
import type { FileRequestRow } from './file-requests.table.js';
import type { OpenedRequest } from './request-access.js';

/** 24 random bytes: 192 bits, 32 characters of base64url. */
const TOKEN_BYTES = 24;

const defaultName = (now: Date) => `Upload request ${now.toISOString().slice(0, 10)}`;

/**
 * Makes the request and, right away, its own folder inside the folder the owner chose (or the
 * root): the guest's uploads land there and nowhere else, and the owner sees it from the start.
 */
export async function createFileRequest(ctx: AppContext, user: UserRow, req: CreateFileRequest): Promise<FoundRequest> {
  if (req.email) await reserveUserMails(ctx, user.id, 1);
  const settings = await readSettings(ctx.db);
  const created = await withTreeLock(ctx.db, user.id, async (tx) => {
    // Requesting uploads into a folder shares it: its owner's alone (a team member gets 403: ADR 0029).
    const target = await authorizeFolder(tx, { kind: 'user', user }, 'share', req.folder_id ?? null);
    const restrictions = restrictionsFor(user, settings);
    if (!restrictions.canCreateFolder) throw folderCreationRestricted(restrictions.reason);
    await assertRoomBelow(tx, target?.id ?? null, 1);
    const folder = await insertItem(tx, {
      ownerId: user.id,
      creatorId: user.id,
      parentId: target?.id ?? null,
      type: 'folder',
      name: req.name ?? defaultName(new Date()),
    });
    await publishItemsChanged(tx, [{ ownerId: user.id, folderId: target?.id ?? null }]);
    const request = await insertFileRequest(tx, {
      token: randomToken(TOKEN_BYTES),
      userId: user.id,
      folderId: folder.id,
      notes: req.notes || null,
      email: req.email ?? null,
    });
    // Someone with an account here also finds it in their bell; the answer is the same either way.
    const recipient = req.email ? await findUserByEmail(tx, req.email) : undefined;
    if (recipient && recipient.id !== user.id && isActiveAccount(recipient))
      await notify(tx, recipient.id, requestedNotification(request, user));
    return { request, folder };
  });
  if (req.email) {
    // The request exists whatever the mail server says; the owner can still copy the link.
    await sendRequestMail(ctx, user, created.request, req.email).catch((error: unknown) =>
      ctx.log.error({ err: error, requestId: created.request.id }, 'could not mail an upload request'),
    );
  }
  return { ...created, owner: user };
}

/**
 * The guest pressed Done: the request stops taking files and, in the same transaction, its owner
 * gets a `file-request` notification; after the commit a mail too, if they take notification mails.
 */
export async function closeFileRequest(ctx: AppContext, opened: OpenedRequest): Promise<FoundRequest> {
  const closed = await ctx.db.transaction(async (tx) => {
    const request = await markFilled(tx, opened.request.id);
    if (!request) return null;
    const files = await countLiveFilesBelow(tx, request.folderId);
    await notify(tx, request.userId, filledNotification(request, opened.folder.name, files));
    return { request, files };
  });
  if (!closed) throw requestClosed();
  // An upload the guest left unfinished ends with the request, and frees the owner's quota.
  await endLinkUploads(ctx, 'request', [closed.request.id]);
  await sendFilledMail(ctx, opened.owner, closed.request, opened.folder.name, closed.files).catch((error: unknown) =>
    ctx.log.error({ err: error, requestId: closed.request.id }, 'could not mail the owner of a filled request'),
  );
  return { ...opened, request: closed.request };
}

/** After the job filled a request that went quiet (and notified its owner): the same mail as Done (the reference stays silent). */
export async function tellOwnerOfFilled(ctx: AppContext, request: FileRequestRow, folderName: string, files: number) {
  const owner = await findUserById(ctx.db, request.userId);
  if (owner) await sendFilledMail(ctx, owner, request, folderName, files);
}

/**
 * A file arrived through the request: its last upload moves (the idle rule of the hourly job), and
 * the first one tells the owner, in the same transaction that marks the request as having one. No
 * mail for this one: the request's filled mail follows within a day (ADR 0026).
 */
export async function recordRequestUpload(ctx: AppContext, found: FoundRequest): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const first = await markFirstUpload(tx, found.request.id);
    if (first) await notify(tx, first.userId, firstUploadNotification(first, found.folder.name));
    else await touchLastUpload(tx, found.request.id);
  });
}
