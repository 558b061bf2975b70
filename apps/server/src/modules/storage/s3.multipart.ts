import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { sendBody } from './s3.body.js';
import { isS3NotFound, s3ErrorCode } from './s3.client.js';
import { invalidPart, uploadNotFound } from './storage.errors.js';
import { DEFAULT_CONTENT_TYPE, choosePartSize, type BlobInfo, type StorageDriver } from './storage.port.js';
import { assertPartNumber, assertPartSize, assertValidKey, sortedParts } from './storage.validation.js';

type Multipart = Pick<StorageDriver, 'createMultipart' | 'uploadPart' | 'completeMultipart' | 'abortMultipart'>;

/** Chunks map straight onto S3 parts: no byte of an upload passes through a local disk. */
export function s3Multipart(client: S3Client, Bucket: string) {
  const uploadGone = (error: unknown) => {
    throw s3ErrorCode(error) === 'NoSuchUpload' ? uploadNotFound() : error;
  };

  async function uploadExists(Key: string, UploadId: string): Promise<boolean> {
    return client.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 1 })).then(
      () => true,
      (error: unknown) => {
        if (isS3NotFound(error) || s3ErrorCode(error) === 'NoSuchUpload') return false;
        throw error;
      },
    );
  }

  const multipart: Multipart = {
    async createMultipart(key, opts = {}) {
      assertValidKey(key);
      const ContentType = opts.contentType || DEFAULT_CONTENT_TYPE;
      const res = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType }));
      if (!res.UploadId) throw new Error('S3 started a multipart upload without an upload id');
      return res.UploadId;
    },

    async uploadPart(key, UploadId, PartNumber, body, size) {
      assertValidKey(key);
      assertPartNumber(PartNumber);
      assertPartSize(size);
      const { result: res } = await sendBody(body, size, (Body, abortSignal) => {
        const command = new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body, ContentLength: size });
        return client.send(command, { abortSignal }).catch(uploadGone);
      });
      if (!res.ETag) throw new Error('S3 accepted a part without an ETag');
      return { etag: res.ETag };
    },

    async completeMultipart(key, UploadId, parts) {
      assertValidKey(key);
      const Parts = sortedParts(parts).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag }));
      const command = new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts } });
      await client.send(command).catch(async (error: unknown) => {
        const code = s3ErrorCode(error);
        if (code === 'EntityTooSmall') throw invalidPart('Every part but the last must be at least 5 MiB.');
        if (code === 'InvalidPart') throw invalidPart('A part was not uploaded or has another ETag.');
        // Ceph RGW (pacific) answers an aborted upload with 500 "completion already in progress".
        if (code === 'InternalError' && !(await uploadExists(key, UploadId))) throw uploadNotFound();
        uploadGone(error);
      });
    },

    async abortMultipart(key, UploadId) {
      assertValidKey(key);
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch((error: unknown) => {
        if (!isS3NotFound(error)) throw error; // already aborted or completed
      });
    },
  };

  /** CopyObject stops at 5 GiB; beyond that S3 only copies range by range into a multipart upload. */
  async function copyLarge(from: string, to: string, source: BlobInfo): Promise<void> {
    const UploadId = await multipart.createMultipart(to, { contentType: source.contentType });
    try {
      const partSize = choosePartSize(source.size, 512 * 1024 * 1024);
      const parts = [];
      for (let start = 0, PartNumber = 1; start < source.size; start += partSize, PartNumber++) {
        const end = Math.min(start + partSize, source.size) - 1;
        const res = await client.send(
          new UploadPartCopyCommand({
            Bucket,
            Key: to,
            UploadId,
            PartNumber,
            CopySource: `${Bucket}/${from}`,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ partNumber: PartNumber, etag: res.CopyPartResult?.ETag ?? '' });
      }
      await multipart.completeMultipart(to, UploadId, parts);
    } catch (error) {
      await multipart.abortMultipart(to, UploadId);
      throw error;
    }
  }

  return { ...multipart, copyLarge };
}
