import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

/**
 * What Node itself can serve: one file, with single Range support, piped from 1 MiB reads (as our
 * local driver reads). Not a target, a yardstick: it tells how much of the distance to nginx
 * (which uses sendfile) is Node's user-space copy and how much is ours.
 * Usage: node --import tsx node-file-server.ts <file> <port>
 */
const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: node-file-server.ts <file> <port>');
const size = statSync(file).size;

const server = http.createServer((req, res) => {
  if (req.url === '/ping') {
    res.writeHead(200).end();
    return;
  }
  const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  const start = match ? Number(match[1]) : 0;
  const end = match && match[2] ? Number(match[2]) : size - 1;
  res.writeHead(match ? 206 : 200, {
    'content-type': 'application/octet-stream',
    'content-length': end - start + 1,
    ...(match ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  });
  createReadStream(file, { start, end, highWaterMark: 1024 * 1024 }).pipe(res);
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
