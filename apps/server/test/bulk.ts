import { createHash, randomBytes } from 'node:crypto';
import type { BulkManifest } from '@filestore/contract';

/** A file of a bulk upload as a test sends it. */
export interface SentFile {
  name: string;
  path?: string | null;
  content: Buffer;
  /** Sent as the manifest's SHA-256 instead of the content's. */
  sha256?: string;
  /** Sent as the manifest's size instead of the content's. */
  size?: number;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The manifest a client sends for `files`, in their order. */
export function manifestOf(parentId: string | null, files: readonly SentFile[]): BulkManifest {
  return {
    parent_id: parentId,
    files: files.map((f) => ({
      name: f.name,
      path: f.path ?? null,
      size: f.size ?? f.content.length,
      modified_at: 1_700_000_000_000,
      sha256: f.sha256 ?? sha256(f.content),
    })),
  };
}

/** The body of a bulk upload (ADR 0075): the manifest field first, then one `file` part per entry. */
export function bulkBody(manifest: unknown, files: readonly { content: Buffer }[]) {
  const boundary = `----bulk${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="manifest"\r\n\r\n${JSON.stringify(manifest)}\r\n`,
    ),
  ];
  for (const [i, f] of files.entries()) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f${i}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, boundary, payload: Buffer.concat(parts) };
}
