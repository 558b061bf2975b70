import http from 'node:http';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';

/**
 * What any Node server between the client and the gateway reaches: one GetObject piped into the
 * response, and one request body streamed into UploadPart, with nothing else around them (no
 * sessions, no database, no checks). Not a target, a yardstick for the s3 case: the distance from
 * the SDK alone to this is the cost of a second hop through a Node process on this machine, the
 * distance from this to our server is ours.
 * Usage: node --import tsx node-s3-proxy.ts <endpoint> <port> <bucket> <access key> <secret>
 *   GET /<key>                        → the object's bytes
 *   PUT /<key>?upload=<id>&part=<n>   → UploadPart of the body; answers the ETag
 */
const [endpoint, port, Bucket, accessKeyId, secretAccessKey] = process.argv.slice(2);
if (!endpoint || !port || !Bucket || !accessKeyId || !secretAccessKey) {
  throw new Error('usage: node-s3-proxy.ts <endpoint> <port> <bucket> <access key> <secret>');
}
// The same client settings as our server (apps/server/src/modules/storage/s3.client.ts).
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId, secretAccessKey },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://proxy');
  if (url.pathname === '/ping') {
    res.writeHead(200).end();
    return;
  }
  const Key = decodeURIComponent(url.pathname.slice(1));
  const fail = (error: unknown) => {
    if (!res.headersSent) res.writeHead(500);
    res.end(String(error));
  };
  if (req.method === 'GET') {
    s3.send(new GetObjectCommand({ Bucket, Key })).then((out) => {
      res.writeHead(200, { 'content-length': out.ContentLength ?? 0 });
      (out.Body as Readable).pipe(res);
    }, fail);
    return;
  }
  const UploadId = url.searchParams.get('upload') ?? '';
  const PartNumber = Number(url.searchParams.get('part'));
  const ContentLength = Number(req.headers['content-length']);
  s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: req, ContentLength })).then(
    (out) => res.writeHead(200, { 'content-type': 'text/plain' }).end(out.ETag ?? ''),
    fail,
  );
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
