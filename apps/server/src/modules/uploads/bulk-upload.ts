import { createHash, randomUUID } from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  BULK_UPLOAD_FILE_MAX,
  BULK_UPLOAD_MAX_BYTES,
  BULK_UPLOAD_MAX_FILES,
  bulkManifest,
  itemName,
  uuid,
  type BulkFileOutcome,
  type BulkManifest,
  type BulkManifestEntry,
} from '@filestore/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { MB } from '../../lib/format.js';
import {
  authorizeFolder,
  authorizeOne,
  extensionOf,
  presentItem,
  presentingFor,
  scopeOf,
  type Actor,
} from '../files/index.js';
import { readSettings, type Settings } from '../settings/index.js';
import { claimKey, type BulkRecord } from './bulk-uploads.repository.js';
import { ChunkBody } from './chunk-body.js';
import { assertBoundary, isParserError, malformedBody } from './chunk-errors.js';
import { foldersOf } from './chunk-request.js';
import { fileBatches } from './file-batches.js';
import { detectType, SNIFF_BYTES, storedMimeType, typesForExtension } from './file-types.js';
import { assertTypeAllowed, emptyFile } from './upload-policy.js';

/** The manifest's text field: 256 entries with long names and deep paths fit well within it. */
export const BULK_MANIFEST_MAX = 2 * MB;
/** Multipart framing per part (boundary, headers), generously. */
const PART_OVERHEAD = 1024;
/** The most a bulk request's body may hold; a longer one is refused from its Content-Length. */
export const BULK_BODY_MAX = BULK_UPLOAD_MAX_BYTES + BULK_MANIFEST_MAX + (BULK_UPLOAD_MAX_FILES + 2) * PART_OVERHEAD;

/** The parser's bounds for the bulk routes: one manifest field, then one file part per entry. */
export const BULK_MULTIPART_LIMITS = {
  fields: 1,
  fieldSize: BULK_MANIFEST_MAX,
  fieldNameSize: 100,
  files: BULK_UPLOAD_MAX_FILES,
  parts: BULK_UPLOAD_MAX_FILES + 1,
  fileSize: Infinity,
};

const keyMissing = () =>
  new AppError(
    400,
    'upload.idempotency_key_required',
    'Send an Idempotency-Key header (a UUID) with a bulk upload, the same one again when you retry it.',
  );
const manifestMissing = () =>
  validationFailed({ manifest: ['Send the manifest (JSON) as the first field, before the files.'] });
const tooManyFiles = () =>
  new AppError(413, 'upload.bulk_too_many_files', `A bulk upload holds at most ${BULK_UPLOAD_MAX_FILES} files.`, {
    max_files: BULK_UPLOAD_MAX_FILES,
  });
const tooManyBytes = () =>
  new AppError(413, 'upload.bulk_too_large', `A bulk upload holds at most ${BULK_UPLOAD_MAX_BYTES} bytes of files.`, {
    max_bytes: BULK_UPLOAD_MAX_BYTES,
  });
const fileTooLarge = () =>
  new AppError(
    413,
    'upload.bulk_file_too_large',
    `A file in a bulk upload has at most ${BULK_UPLOAD_FILE_MAX} bytes: send larger ones in chunks.`,
    { file_max: BULK_UPLOAD_FILE_MAX },
  );
const checksumMismatch = () =>
  new AppError(422, 'upload.checksum_mismatch', "The file's bytes do not match its SHA-256 in the manifest.");
const sizeMismatch = (expected: number, received?: number) =>
  new AppError(
    422,
    'upload.size_mismatch',
    received === undefined
      ? `The file has more than the ${expected} bytes the manifest gives.`
      : `The file has ${received} bytes instead of the ${expected} the manifest gives.`,
  );
const partMissing = () =>
  new AppError(400, 'upload.part_missing', 'The body ended before this file: send one file part per entry.');
const invalidName = (message: string) => new AppError(422, 'upload.invalid_name', message);
const madeGone = () =>
  new AppError(404, 'not_found', 'The file made for this entry the first time has been removed since.');

/** The `Idempotency-Key` header: a UUID, required. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const parsed = uuid.safeParse(typeof raw === 'string' ? raw.trim().toLowerCase() : undefined);
  if (!parsed.success) throw keyMissing();
  return parsed.data;
}

/** The manifest's text, checked for its bounds before its shape, so the bound's code is what the client gets. */
function parseManifest(part: Multipart | undefined): BulkManifest {
  if (!part || part.type !== 'field' || part.fieldname !== 'manifest') throw manifestMissing();
  if (part.valueTruncated) throw tooManyFiles();
  let json: unknown;
  try {
    json = JSON.parse(String(part.value));
  } catch {
    throw validationFailed({ manifest: ['The manifest is not JSON.'] });
  }
  const files = (json as { files?: unknown } | null)?.files;
  if (Array.isArray(files) && files.length > BULK_UPLOAD_MAX_FILES) throw tooManyFiles();
  const parsed = bulkManifest.safeParse(json);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[`manifest.${issue.path.join('.')}`] ??= []).push(issue.message);
    throw validationFailed(errors);
  }
  const manifest = parsed.data;
  if (manifest.files.some((f) => f.size > BULK_UPLOAD_FILE_MAX)) throw fileTooLarge();
  if (manifest.files.reduce((sum, f) => sum + f.size, 0) > BULK_UPLOAD_MAX_BYTES) throw tooManyBytes();
  return manifest;
}

/** The same manifest gives the same hash, whatever order its JSON had its keys in. */
function manifestHash(manifest: BulkManifest): string {
  const canonical = {
    parent_id: manifest.parent_id,
    files: manifest.files.map((f) => [f.name, f.path, f.size, f.modified_at, f.sha256]),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The folders an entry goes in (made as needed), and its name, by the rules of any item name. */
function placeOf(entry: BulkManifestEntry): { name: string; folders: string[] } {
  const name = itemName.safeParse(entry.name);
  if (!name.success) throw invalidName(name.error.issues[0]?.message ?? 'This name cannot be used.');
  // `foldersOf` reads a path ending in the file's name; the manifest's path holds the folders only.
  try {
    return { name: name.data, folders: foldersOf(entry.path ? `${entry.path}/${name.data}` : null) };
  } catch (error) {
    if (error instanceof AppError) throw invalidName(error.message);
    throw error;
  }
}

const refusal = (index: number, error: AppError): BulkFileOutcome => ({
  index,
  status: 'refused',
  code: error.code,
  message: error.message,
});

export interface BulkUploadResult {
  actor: Actor;
  outcomes: BulkFileOutcome[];
  /** How many files this request made (not those answered from an earlier attempt). */
  made: number;
}

/**
 * A bulk upload (issue 42, ADR 0075) for the actor: the key and the manifest first, then each file
 * streamed to storage, counted and hashed on its way, and handed to the group commit of whole files
 * (ADR 0020) with its entry's place under the key, in manifest order. Each entry gets its outcome;
 * only a refusal of the whole request (the key, the manifest, its bounds, access to its folder)
 * throws, and the body is read to the end first (up to its bound) so the client gets that answer.
 *
 * The actor may be given as a function resolving it (a link's token): it runs before the first
 * byte of the body is read.
 */
export async function receiveBulkUpload(
  ctx: AppContext,
  actorOrResolve: Actor | (() => Promise<Actor>),
  request: FastifyRequest,
): Promise<BulkUploadResult> {
  let parts: AsyncIterator<Multipart> | null = null;
  let bytesRead = 0;
  const nextPart = async (): Promise<Multipart | undefined> => {
    parts ??= request.parts()[Symbol.asyncIterator]();
    const next = await parts.next().catch((error: unknown) => {
      throw isParserError(error) ? malformedBody() : error;
    });
    return next.done ? undefined : next.value;
  };
  /** Reads and drops what is left, up to the body's bound: a browser still sending reads no early answer. */
  const drainRest = async () => {
    try {
      for (let part = await nextPart(); part; part = await nextPart()) {
        if (part.type !== 'file') continue;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          bytesRead += chunk.length;
          if (bytesRead > BULK_BODY_MAX) return;
        }
      }
    } catch {
      // The body was cut or malformed: nothing more to read.
    }
  };

  try {
    const key = idempotencyKeyOf(request);
    if (!request.isMultipart()) throw validationFailed({ manifest: ['Send a bulk upload as multipart/form-data.'] });
    assertBoundary(request.headers['content-type']);
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > BULK_BODY_MAX) throw tooManyBytes();
    // Access first, before any of the body is read: a link's checks, then the target folder.
    const actor = typeof actorOrResolve === 'function' ? await actorOrResolve() : actorOrResolve;
    const manifest = parseManifest(await nextPart());
    await authorizeFolder(ctx.db, actor, 'upload', manifest.parent_id);
    const claim = await claimKey(ctx, scopeOf(actor).actorKey, key, manifestHash(manifest));
    try {
      const result = await receiveFiles(ctx, actor, manifest, {
        key,
        claim,
        nextPart,
        onBytes: (n) => (bytesRead += n),
      });
      await drainRest();
      return result;
    } finally {
      await claim.release();
    }
  } catch (error) {
    if (error instanceof AppError) await drainRest();
    throw error;
  } finally {
    // Whatever the parser did not read is dropped on the floor rather than kept in memory.
    request.raw.resume();
  }
}

async function receiveFiles(
  ctx: AppContext,
  actor: Actor,
  manifest: BulkManifest,
  how: {
    key: string;
    claim: Awaited<ReturnType<typeof claimKey>>;
    nextPart: () => Promise<Multipart | undefined>;
    onBytes: (bytes: number) => void;
  },
): Promise<BulkUploadResult> {
  const settings = await readSettings(ctx.db);
  const batches = fileBatches(ctx);
  const parentId = manifest.parent_id ?? scopeOf(actor).rootId;
  const actorKey = scopeOf(actor).actorKey;
  const outcomes: Promise<BulkFileOutcome>[] = [];
  /** Failures that are not a refusal of one file (storage or database trouble): the request fails. */
  const failures: unknown[] = [];
  // Files reach the group commit in manifest order: the quota is counted in that order too.
  let handedOn: Promise<void> = Promise.resolve();
  let made = 0;
  const failed = (index: number, error: unknown): BulkFileOutcome => {
    if (error instanceof AppError) return refusal(index, error);
    failures.push(error);
    return refusal(index, new AppError(500, 'internal', 'The file could not be stored.'));
  };

  try {
    for (const [index, entry] of manifest.files.entries()) {
      const part = await how.nextPart();
      if (!part) {
        outcomes.push(Promise.resolve(refusal(index, partMissing())));
        continue;
      }
      if (part.type !== 'file' || part.fieldname !== 'file') {
        throw validationFailed({ file: ['Send one part named “file” per entry, after the manifest.'] });
      }
      const already = how.claim.made.get(index);
      if (already) {
        await skip(part, how.onBytes);
        outcomes.push(answerMade(ctx, actor, index, already));
        continue;
      }
      const record: BulkRecord = { actorKey, idempotencyKey: how.key, fileIndex: index, at: how.claim.createdAt };
      const arrived = batches.expect();
      let stored: Promise<StoredEntry>;
      try {
        ({ stored } = await storeEntry(ctx, settings, entry, part, how.onBytes));
      } catch (error) {
        arrived();
        await skip(part, how.onBytes);
        if (!(error instanceof AppError)) throw error;
        outcomes.push(Promise.resolve(refusal(index, error)));
        continue;
      }
      // The next file is handed on once this one is (or was refused): `add` keeps the order it is called in.
      const previous = handedOn;
      let handed!: () => void;
      handedOn = new Promise<void>((resolve) => (handed = resolve));
      outcomes.push(
        (async (): Promise<BulkFileOutcome> => {
          let file: StoredEntry;
          try {
            file = await stored;
          } catch (error) {
            await previous;
            handed();
            arrived();
            return failed(index, error);
          }
          await previous;
          const committed = batches.add(
            { actor, type: file.type, bulk: record, blob: { ...file.blob, parentId, sessionId: null } },
            arrived,
          );
          handed();
          try {
            const item = await committed;
            made++;
            return { index, status: 'created', item };
          } catch (error) {
            return failed(index, error);
          }
        })(),
      );
    }
  } catch (error) {
    // The files already on their way are made (or refused) before the request fails and lets go of
    // its key: a retry must not find an entry neither made nor refused yet, and make it twice.
    await Promise.allSettled(outcomes);
    throw error;
  }

  const answered = await Promise.all(outcomes);
  // Trouble that is nobody's refusal: the whole request fails, and its retry (same key) makes the rest.
  if (failures.length) throw failures[0];
  return { actor, outcomes: answered, made };
}

interface StoredEntry {
  type: { extension: string | null; sniffed: { mime: string; ext: string } | null; mimetypes: string[] };
  blob: { fileId: string; blobKey: string; folders: string[]; name: string; mimetype: string; size: number };
}

/**
 * Starts storing one entry's part: its name and type checked first (nothing stored for a refused
 * one), then its bytes streamed to `files/<id>`, counted against the manifest's size and hashed;
 * a size or SHA-256 that differs fails the stream, so the storage keeps nothing of it. Resolves
 * once the part has been read to its end (the next part may come), with the storing's promise:
 * its durable write (ADR 0016) goes on meanwhile.
 */
async function storeEntry(
  ctx: AppContext,
  settings: Settings,
  entry: BulkManifestEntry,
  part: MultipartFile,
  onBytes: (bytes: number) => void,
): Promise<{ stored: Promise<StoredEntry> }> {
  const { name, folders } = placeOf(entry);
  if (entry.size === 0) throw emptyFile();
  const extension = extensionOf(name);
  const body = new ChunkBody(part.file);
  const head = await body.peek(SNIFF_BYTES);
  if (head.length === 0) throw emptyFile();
  const detected = await detectType(head, extension);
  const type = { extension, sniffed: detected.sniffed, mimetypes: typesForExtension(extension) };
  // Checked again, with the settings of the moment, in the transaction that makes the file.
  assertTypeAllowed(settings, type);
  const mimetype = storedMimeType(detected);

  const meter = body.metered({
    exact: entry.size,
    over: () => sizeMismatch(entry.size),
    short: (bytes) => sizeMismatch(entry.size, bytes),
  });
  let failure: AppError | null = null;
  let readToEnd!: () => void;
  const read = new Promise<void>((resolve) => (readToEnd = resolve));
  async function* hashed(): AsyncGenerator<Buffer> {
    try {
      const hash = createHash('sha256');
      for await (const chunk of meter.body) {
        onBytes(chunk.length);
        hash.update(chunk);
        yield chunk;
      }
      if (hash.digest('hex') !== entry.sha256) throw (failure = checksumMismatch());
    } finally {
      readToEnd();
    }
  }

  const fileId = randomUUID();
  const blobKey = `files/${fileId}`;
  const put = ctx.storage.put(blobKey, hashed(), { contentType: mimetype, size: entry.size }).then(
    (): StoredEntry => {
      ctx.outages.recovered('storage');
      return { type, blob: { fileId, blobKey, folders, name, mimetype, size: meter.bytes } };
    },
    async (error: unknown) => {
      await ctx.storage.delete(blobKey).catch(() => undefined);
      throw meter.failure ?? failure ?? error;
    },
  );
  // Read to its end (or the storing stopped early): the part is done with, whatever is left of it dropped.
  await Promise.race([
    read,
    put.then(
      () => undefined,
      () => undefined,
    ),
  ]);
  await body.drain().catch(() => false);
  return { stored: put };
}

/** Reads a part to its end and drops it. */
async function skip(part: MultipartFile, onBytes: (bytes: number) => void): Promise<void> {
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) onBytes(chunk.length);
  } catch {
    // A cut body: the next part will say so.
  }
}

/** An entry a previous attempt made: answered with that file as it is now. */
async function answerMade(ctx: AppContext, actor: Actor, index: number, itemId: string): Promise<BulkFileOutcome> {
  try {
    const row = await authorizeOne(ctx.db, actor, 'view', itemId, { state: 'any' });
    return { index, status: 'created', item: await presentItem(ctx, row, presentingFor(actor)) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return refusal(index, madeGone());
    throw error;
  }
}
