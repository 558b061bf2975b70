// Loaded into our server process with `node --import` by the subtree and diagnosis runs (never for
// the throughput figures). It counts the transactions and SQL statements the embedded database
// (PGlite) runs, and the time each statement takes once it holds the connection, and answers them on
// http://127.0.0.1:$BENCH_PROBE_PORT/stats (POST /reset clears them). Plain JavaScript: the
// production server runs without a TypeScript loader.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { TextDecoder } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const state = { transactions: 0, statements: 0, byText: new Map() };
let current = null;

const decoder = new TextDecoder();
/** The SQL of a Parse ('P': name, then text) or simple Query ('Q': text) protocol message. */
function sqlOf(message) {
  if (!(message instanceof Uint8Array) || message.length < 6) return null;
  const type = message[0];
  if (type !== 0x50 && type !== 0x51) return null;
  let start = 5;
  if (type === 0x50) start = message.indexOf(0, 5) + 1; // skip the statement name
  const end = message.indexOf(0, start);
  return decoder.decode(message.subarray(start, end < 0 ? undefined : end));
}

/** The parameters of a Bind ('B') message, as text (PGlite sends them in text format). */
function paramsOf(message) {
  if (!(message instanceof Uint8Array) || message[0] !== 0x42) return null;
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  let at = message.indexOf(0, 5) + 1; // portal
  at = message.indexOf(0, at) + 1; // statement
  const formats = view.getInt16(at);
  at += 2 + 2 * formats;
  const count = view.getInt16(at);
  at += 2;
  const params = [];
  for (let i = 0; i < count; i++) {
    const length = view.getInt32(at);
    at += 4;
    if (length < 0) params.push(null);
    else {
      params.push(decoder.decode(message.subarray(at, at + length)));
      at += length;
    }
  }
  return params;
}

const proto = PGlite.prototype;
const execProtocolStream = proto.execProtocolStream;
proto.execProtocolStream = function (message, options) {
  if (current) {
    const text = sqlOf(message);
    if (text !== null) current.text = text.replace(/\s+/g, ' ').trim();
    const params = paramsOf(message);
    if (params !== null) current.params = params;
  }
  return execProtocolStream.call(this, message, options);
};

const runExclusiveQuery = proto._runExclusiveQuery;
proto._runExclusiveQuery = function (fn) {
  return runExclusiveQuery.call(this, async () => {
    const mine = { text: null, params: null, started: performance.now() };
    current = mine;
    try {
      return await fn();
    } finally {
      const ms = performance.now() - mine.started;
      if (mine.text !== null) {
        state.statements++;
        const entry = state.byText.get(mine.text) ?? { count: 0, ms: 0, maxMs: 0, params: null };
        entry.count++;
        entry.ms += ms;
        // The parameters of the slowest run, to EXPLAIN it afterwards.
        if (ms >= entry.maxMs) {
          entry.maxMs = ms;
          entry.params = mine.params;
        }
        state.byText.set(mine.text, entry);
      }
      current = null;
    }
  });
};

const transaction = proto.transaction;
proto.transaction = function (fn) {
  state.transactions++;
  return transaction.call(this, fn);
};

const port = Number(process.env.BENCH_PROBE_PORT);
if (port) {
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/reset') {
      state.transactions = 0;
      state.statements = 0;
      state.byText.clear();
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/memory') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(process.memoryUsage()));
      return;
    }
    const byText = [...state.byText]
      .map(([text, v]) => ({
        text,
        count: v.count,
        ms: Math.round(v.ms * 100) / 100,
        maxMs: Math.round(v.maxMs * 100) / 100,
        params: v.params,
      }))
      .sort((a, b) => b.ms - a.ms);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ transactions: state.transactions, statements: state.statements, byText }));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
