import { performance } from 'node:perf_hooks';
import { newId, prepareDataDir, startOurServer, type ProbeStats, type TreeRow } from '../lib/our-server.js';
import { removeTempDir, tempDir } from '../lib/proc.js';
import { absolute, compare, median, round, type CaseContext, type CaseResult, type Row } from '../lib/report.js';

const ROUNDS = 3;

/** A folder with `subs` folders, each with `leaves` folders of `leafFiles` files, plus `subFiles` files per sub and `topFiles` at the top. */
function tree(
  name: string,
  shape: { subs: number; leaves: number; leafFiles: number; subFiles: number; topFiles: number },
) {
  const rootId = newId();
  const rows: TreeRow[] = [{ id: rootId, type: 'folder', parentId: null, name }];
  const file = (parentId: string, n: number): TreeRow => ({
    id: newId(),
    type: 'file',
    parentId,
    name: `photo-${String(n).padStart(5, '0')}.jpg`,
    size: 2_000_000 + n,
    extension: 'jpg',
    mimetype: 'image/jpeg',
    category: 'image',
  });
  for (let t = 1; t <= shape.topFiles; t++) rows.push(file(rootId, t));
  for (let s = 1; s <= shape.subs; s++) {
    const subId = newId();
    rows.push({ id: subId, type: 'folder', parentId: rootId, name: `Year ${2000 + s}` });
    for (let f = 1; f <= shape.subFiles; f++) rows.push(file(subId, f));
    for (let l = 1; l <= shape.leaves; l++) {
      const leafId = newId();
      rows.push({ id: leafId, type: 'folder', parentId: subId, name: `Album ${l}` });
      for (let f = 1; f <= shape.leafFiles; f++) rows.push(file(leafId, f));
    }
  }
  return { rootId, rows, descendants: rows.length - 1 };
}

type Op = 'move' | 'moveBack' | 'trash' | 'restore';
const OPS: Op[] = ['move', 'moveBack', 'trash', 'restore'];

interface Call {
  ms: number;
  transactions: number;
  statements: number;
  writes: number;
}

export async function subtreeCase(context: CaseContext): Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>> {
  const dataDir = tempDir('subtree');
  const stops: (() => Promise<void>)[] = [];
  try {
    const big = tree('Tree 10000', { subs: 10, leaves: 10, leafFiles: 98, subFiles: 9, topFiles: 0 });
    const small = tree('Tree 100', { subs: 3, leaves: 3, leafFiles: 9, subFiles: 2, topFiles: 1 });
    if (big.descendants !== 10_000 || small.descendants !== 100)
      throw new Error('the fixture trees have the wrong size');
    const destinationId = newId();
    await prepareDataDir(dataDir, async (fx) => {
      await fx.insertRows([
        { id: destinationId, type: 'folder', parentId: null, name: 'Destination' },
        ...big.rows,
        ...small.rows,
      ]);
      await fx.recount();
    });
    // The statement probe is loaded here (always): it proves "one transaction each".
    const ours = await startOurServer(dataDir, {
      probe: true,
      ...(context.diagnose ? { explain: true } : {}),
      ...(context.profile ? { cpuProfDir: context.profileDir('subtree') } : {}),
    });
    stops.push(() => ours.stop());
    const client = await ours.signedIn();
    stops.push(async () => client.close());

    const bodies: Record<Op, (id: string) => unknown> = {
      move: (id) => ({ to_id: destinationId, items: [{ id, type: 'folder' }] }),
      moveBack: (id) => ({ to_id: null, items: [{ id, type: 'folder' }] }),
      trash: (id) => ({ items: [{ id, type: 'folder', force_delete: false }] }),
      restore: (id) => ({ to_home: false, items: [{ id, type: 'folder' }] }),
    };
    const paths: Record<Op, string> = {
      move: '/api/move',
      moveBack: '/api/move',
      trash: '/api/remove',
      restore: '/api/trash/restore',
    };
    const none = () => Object.fromEntries(OPS.map((op) => [op, [] as Call[]])) as Record<Op, Call[]>;
    const calls = { big: none(), small: none() };
    const isWrite = (text: string) => /^(insert|update|delete)\b/i.test(text);

    const call = async (op: Op, id: string): Promise<Call> => {
      await ours.probeReset();
      const started = performance.now();
      await client.json('POST', paths[op], bodies[op](id));
      const ms = performance.now() - started;
      const stats: ProbeStats = await ours.probeStats();
      const writes = stats.byText.filter((s) => isWrite(s.text)).reduce((a, s) => a + s.count, 0);
      return { ms, transactions: stats.transactions, statements: stats.statements, writes };
    };
    // One untimed round first (JIT, caches), then the measured rounds, big and small alternating.
    for (let round = 0; round <= ROUNDS; round++) {
      const order = round % 2 === 0 ? (['big', 'small'] as const) : (['small', 'big'] as const);
      for (const which of order) {
        const id = which === 'big' ? big.rootId : small.rootId;
        for (const op of OPS) {
          const c = await call(op, id);
          if (round > 0) calls[which][op].push(c);
        }
      }
    }
    // The trees came back whole: their counts still say what the fixture made.
    for (const t of [big, small]) {
      const page = await client.json<{ meta: { root: { data: { attributes: { items: number } } } } }>(
        'GET',
        `/api/browse/folders/${t.rootId}`,
      );
      const direct = t.rows.filter((r) => r.parentId === t.rootId).length;
      if (page.meta.root.data.attributes.items !== direct) throw new Error('a tree lost items on the way');
    }

    const ms = (which: 'big' | 'small', op: Op) => median(calls[which][op].map((c) => c.ms));
    const rows: Row[] = [];
    const labels: Record<Op, string> = {
      move: 'move into a folder',
      moveBack: 'move back to the root',
      trash: 'trash',
      restore: 'restore',
    };
    for (const op of OPS) {
      rows.push(
        compare(
          'subtree',
          `${labels[op]}, 10,000 descendants`,
          'ms',
          ms('big', op),
          ms('small', op),
          '100 descendants',
          {
            on: 'ratio',
            kind: 'max',
            value: 5,
          },
        ),
      );
    }
    const maxTx = Math.max(...OPS.flatMap((op) => [...calls.big[op], ...calls.small[op]].map((c) => c.transactions)));
    rows.push(
      absolute('subtree', 'transactions per call (most seen, any op or size)', 'tx', maxTx, {
        on: 'ours',
        kind: 'max',
        value: 1,
      }),
    );
    const per = (which: 'big' | 'small', op: Op, field: keyof Call) => calls[which][op].map((c) => round(c[field], 1));
    return {
      rows,
      facts: {
        rounds: ROUNDS,
        descendants: { big: big.descendants, small: small.descendants },
        callsMs: Object.fromEntries(
          OPS.map((op) => [op, { big: per('big', op, 'ms'), small: per('small', op, 'ms') }]),
        ),
        transactions: Object.fromEntries(
          OPS.map((op) => [op, { big: per('big', op, 'transactions'), small: per('small', op, 'transactions') }]),
        ),
        statements: Object.fromEntries(
          OPS.map((op) => [op, { big: per('big', op, 'statements'), small: per('small', op, 'statements') }]),
        ),
        writeStatements: Object.fromEntries(
          OPS.map((op) => [op, { big: per('big', op, 'writes'), small: per('small', op, 'writes') }]),
        ),
      },
      notes: [
        'Transactions and statements are counted inside the server process by bench/src/probe/db-probe.mjs (it wraps PGlite: BEGIN…COMMIT and every protocol-level statement), reset before each call; they include the session lookup and anything a background job ran meanwhile.',
        'Each figure is the median of the rounds; an untimed round comes first.',
      ],
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    removeTempDir(dataDir);
  }
}
