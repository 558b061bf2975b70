import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '@filestore/contract';

export function s3Client(s3: S3Settings, opts: { maxAttempts?: number } = {}): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint || undefined,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.key, secretAccessKey: s3.secret },
    maxAttempts: opts.maxAttempts,
    // Since 3.729 the SDK adds CRC32 trailers to every upload by default, which S3-compatible servers
    // such as Ceph RGW before Squid refuse; checksum only where the API demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The S3 error code (`NoSuchKey`, `InvalidRange`...) of a failed command, if it was one. */
export const s3ErrorCode = (error: unknown) => (error instanceof S3ServiceException ? error.name : undefined);

/** HEAD answers 404 without a body, so the status is all there is; a missing bucket must still fail loudly. */
export const isS3NotFound = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
