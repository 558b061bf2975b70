import http from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';

/**
 * Reference (b) of the upload case: the tus protocol's own Node server (@tus/server) storing
 * uploads with @tus/file-store. Usage: node --import tsx tus-server.ts <folder> <port>
 */
const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error('usage: tus-server.ts <folder> <port>');

const tus = new Server({ path: '/files', datastore: new FileStore({ directory: folder }) });
const server = http.createServer((req, res) => {
  if (req.url === '/ping') {
    res.writeHead(200).end();
    return;
  }
  void tus.handle(req, res);
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
