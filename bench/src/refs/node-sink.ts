import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * Reference (a) of the upload case: the least a Node server can do with an upload, a request body
 * piped into a file. PUT /<name>?offset=<n> writes the body at that offset (0 creates the file).
 * Usage: node --import tsx node-sink.ts <folder> <port> [fsync]
 */
const [folder, port, fsync] = process.argv.slice(2);
if (!folder || !port) throw new Error('usage: node-sink.ts <folder> <port> [fsync]');

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'PUT') {
    res.writeHead(req.url === '/ping' ? 200 : 405).end();
    return;
  }
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const file = path.join(folder, path.basename(url.pathname));
  const out = createWriteStream(file, { flags: offset === 0 ? 'w' : 'r+', start: offset, flush: fsync === 'fsync' });
  req.pipe(out);
  out.on('finish', () =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"received":${out.bytesWritten}}`),
  );
  out.on('error', (e) => res.writeHead(500).end(String(e)));
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
