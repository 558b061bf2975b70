import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

/**
 * Reference of the listing-throughput case, the ceiling of our stack on PostgreSQL: a minimal
 * node:http server that answers every request with the rows of one SQL statement (the listing
 * statement our server ran for the page, with its values) as JSON, on a pg pool as large as ours.
 * No session, no access check, no presenter. Usage:
 * node --import tsx pg-listing-server.ts <statement.json> <port> <database url>
 */
const [statementFile, port, url] = process.argv.slice(2);
if (!statementFile || !port || !url) throw new Error('usage: pg-listing-server.ts <statement.json> <port> <url>');
const statement = JSON.parse(readFileSync(statementFile, 'utf8')) as { text: string; params: unknown[] };

const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', () => undefined);
const server = http.createServer((req, res) => {
  if (req.url === '/ping') {
    res.writeHead(200).end();
    return;
  }
  pool.query({ text: statement.text, values: statement.params }).then(
    (result) => {
      const body = JSON.stringify({ data: result.rows });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    },
    (error: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
    },
  );
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
