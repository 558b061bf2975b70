// Loaded into our server process with `node --import` by the subtree and diagnosis runs (never for
// the throughput figures). It counts the transactions and SQL statements the database runs (the
// embedded PGlite, or PostgreSQL through `pg`), and the time each statement takes once it holds the
// connection, and answers them on http://127.0.0.1:$BENCH_PROBE_PORT/stats (POST /reset clears
// them). Plain JavaScript: the production server runs without a TypeScript loader.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { TextDecoder } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const state = { transactions: 0, statements: 0, byText: new Map() };
let current = null;

function record(text, params, ms) {
  state.statements++;
  if (openTransaction && openTransaction.first === null) openTransaction.first = text;
  const entry = state.byText.get(text) ?? { count: 0, ms: 0, maxMs: 0, params: null };
  entry.count++;
  entry.ms += ms;
  // The parameters of the slowest run, to EXPLAIN it afterwards.
  if (ms >= entry.maxMs) {
    entry.maxMs = ms;
    entry.params = params;
  }
  state.byText.set(text, entry);
}

const decoder = new TextDecoder();
/** The text of each named statement the server parsed (the server names common ones: ADR 0050). */
const namedTexts = new Map();

/**
 * The SQL of a Parse ('P': name, then text) or simple Query ('Q': text) protocol message, or of the
 * named statement a Bind ('B': portal, statement) runs. A message may hold several (Parse, Describe,
 * Sync in one buffer): the first is read.
 */
function sqlOf(message) {
  if (!(message instanceof Uint8Array) || message.length < 6) return null;
  const type = message[0];
  if (type === 0x42) {
    const at = message.indexOf(0, 5) + 1; // skip the portal
    const name = decoder.decode(message.subarray(at, message.indexOf(0, at)));
    return name ? (namedTexts.get(name) ?? null) : null;
  }
  if (type !== 0x50 && type !== 0x51) return null;
  let start = 5;
  if (type === 0x50) start = message.indexOf(0, 5) + 1; // skip the statement name
  const end = message.indexOf(0, start);
  const text = decoder.decode(message.subarray(start, end < 0 ? undefined : end));
  if (type === 0x50 && start > 6) namedTexts.set(decoder.decode(message.subarray(5, start - 1)), text);
  return text;
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
    if (text !== null && current.text === null) current.text = text.replace(/\s+/g, ' ').trim();
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
      if (mine.text !== null) record(mine.text, mine.params, performance.now() - mine.started);
      current = null;
    }
  });
};

/**
 * Transactions are counted as they begin; one whose first statement takes the outbox dispatcher's
 * lock is the background delivery of a call's events (it runs as soon as the call commits), not
 * the call's own work, and is taken off again. PGlite runs one transaction at a time.
 */
const DISPATCH_LOCK = /^select pg_try_advisory_xact_lock\b/i;
let openTransaction = null;
const transaction = proto.transaction;
proto.transaction = function (fn) {
  return transaction.call(this, async (tx) => {
    state.transactions++;
    const mine = { first: null };
    openTransaction = mine;
    try {
      return await fn(tx);
    } finally {
      openTransaction = null;
      if (mine.first !== null && DISPATCH_LOCK.test(mine.first)) state.transactions--;
    }
  });
};

// PostgreSQL (DATABASE_URL; pg is loaded only then, as the server does): every statement goes
// through pg's Client#query (drizzle through the pool) with its values as JavaScript values (kept
// as they are, so the statement can be run again with them), and a transaction is the BEGIN
// drizzle sends on the client it took from the pool.
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text !== 'string') return pgQuery.call(this, config, values, callback);
    const flat = text.replace(/\s+/g, ' ').trim();
    if (/^begin\b/i.test(flat)) state.transactions++;
    const params = (Array.isArray(values) ? values : Array.isArray(config?.values) ? config.values : null)?.map((v) =>
      v === undefined ? null : v instanceof Date ? v.toISOString() : Buffer.isBuffer(v) ? `<${v.length} bytes>` : v,
    );
    const started = performance.now();
    const done = () => record(flat, params ?? null, performance.now() - started);
    const cb = typeof callback === 'function' ? callback : typeof values === 'function' ? values : null;
    if (cb) {
      const wrapped = (...args) => {
        done();
        return cb(...args);
      };
      return typeof callback === 'function'
        ? pgQuery.call(this, config, values, wrapped)
        : pgQuery.call(this, config, wrapped);
    }
    const result = pgQuery.call(this, config, values);
    if (result && typeof result.then === 'function') {
      return result.then(
        (r) => (done(), r),
        (e) => {
          done();
          throw e;
        },
      );
    }
    done();
    return result;
  };
}

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
