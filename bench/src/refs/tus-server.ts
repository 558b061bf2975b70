import http from 'node:http';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';

/**
 * Reference (b) of the upload case and the reference of the small-files case: the tus protocol's
 * own Node server (@tus/server) storing uploads with @tus/file-store.
 * Usage: node --import tsx tus-server.ts <folder> <port> [durable]
 *
 * @tus/file-store never calls fsync: it answers 201/204 once the bytes and its `<id>.json` are in the
 * page cache, so a power cut can lose uploads it acknowledged. With `durable`, each acknowledged
 * step is made durable first, as ours is (the file's bytes, its metadata and the folder's entries),
 * which is the like-for-like comparison for a server that promises it: creating fsyncs the empty
 * file, the `.json` and the folder, and every write fsyncs the bytes it wrote.
 */
const [folder, port, mode] = process.argv.slice(2);
if (!folder || !port) throw new Error('usage: tus-server.ts <folder> <port> [durable]');

async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

class DurableFileStore extends FileStore {
  override async create(file: Upload): Promise<Upload> {
    const created = await super.create(file);
    await Promise.all([
      fsyncPath(path.join(folder as string, file.id)),
      fsyncPath(path.join(folder as string, `${file.id}.json`)),
    ]);
    await fsyncPath(folder as string);
    return created;
  }

  override async write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const written = await super.write(readable, id, offset);
    await fsyncPath(path.join(folder as string, id));
    return written;
  }
}

const Store = mode === 'durable' ? DurableFileStore : FileStore;
const tus = new Server({ path: '/files', datastore: new Store({ directory: folder }) });
const server = http.createServer((req, res) => {
  if (req.url === '/ping') {
    res.writeHead(200).end();
    return;
  }
  void tus.handle(req, res);
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
