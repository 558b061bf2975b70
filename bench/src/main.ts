import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import prettier from 'prettier';
import { downloadCase } from './cases/download.js';
import { fanoutCase } from './cases/fanout.js';
import { folderTreeCase } from './cases/folder-tree.js';
import { idleMemoryCase } from './cases/idle-memory.js';
import { listingCase } from './cases/listing.js';
import { memoryCase } from './cases/memory.js';
import { s3Case } from './cases/s3.js';
import { postgresMemoryCase } from './cases/postgres-memory.js';
import { remoteCase } from './cases/remote.js';
import { listingThroughputCase } from './cases/listing-throughput.js';
import { smallFilesCase } from './cases/small-files.js';
import { subtreeCase } from './cases/subtree.js';
import { uploadCase } from './cases/upload.js';
import { webQualityCase } from './cases/web-quality.js';
import { webUploadCase } from './cases/web-upload.js';
import { webWeightCase } from './cases/web-weight.js';
import { zipCase } from './cases/zip.js';
import { probeReports, REPO } from './lib/our-server.js';
import { cleanUpEverything, stopAll } from './lib/proc.js';
import { ownCodeInclusive, profilesIn, summariseProfile } from './lib/profile.js';
import { tableLines, type CaseContext, type CaseResult } from './lib/report.js';

type CaseRun = (context: CaseContext) => Promise<Omit<CaseResult, 'name' | 'startedAt' | 'seconds'>>;

/** In the order they run; the cheap ones first so a broken build shows at once. */
const CASES: Record<string, CaseRun> = {
  'web-weight': webWeightCase,
  'idle-memory': idleMemoryCase,
  listing: listingCase,
  'folder-tree': folderTreeCase,
  'listing-throughput': listingThroughputCase,
  subtree: subtreeCase,
  upload: uploadCase,
  remote: remoteCase,
  'small-files': smallFilesCase,
  'web-upload': webUploadCase,
  'postgres-memory': postgresMemoryCase,
  memory: memoryCase,
  download: downloadCase,
  zip: zipCase,
  s3: s3Case,
  fanout: fanoutCase,
  'web-quality': webQualityCase,
};

const RESULTS = path.join(REPO, 'bench/results');
const LATEST = path.join(RESULTS, 'latest.json');

function machine() {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: REPO, encoding: 'utf8' }).stdout.trim();
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    kernel: os.release(),
    os: readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)/m)?.[1] ?? os.platform(),
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommittedChanges: git('status', '--porcelain', '--untracked-files=no').split('\n').filter(Boolean).length,
  };
}

/** Diagnosis output (CPU profiles, SQL statements): outside the repository, it is not a result. */
const PROFILES = path.join(os.tmpdir(), 'filestore-bench-diagnosis');

function profileDirs(name: string): string[] {
  if (!existsSync(PROFILES)) return [];
  return readdirSync(PROFILES)
    .filter((d) => d.startsWith(`${name}-`))
    .map((d) => path.join(PROFILES, d));
}

function printProfiles(name: string): void {
  for (const dir of profileDirs(name)) {
    for (const file of profilesIn(dir)) {
      const { lines, seconds, idlePercent } = summariseProfile(file, 20);
      console.log(`\n${file}: ${seconds.toFixed(1)} s, idle ${idlePercent.toFixed(0)}%`);
      console.log('  self%  total%  function  (where)');
      for (const l of lines) {
        console.log(
          `  ${l.selfPercent.toFixed(1).padStart(5)}  ${l.totalPercent.toFixed(1).padStart(6)}  ${l.fn}  (${l.where})`,
        );
      }
      console.log('  our code, inclusive:');
      for (const l of ownCodeInclusive(file, 15)) {
        console.log(`         ${l.totalPercent.toFixed(1).padStart(6)}  ${l.fn}  (${l.where})`);
      }
    }
  }
}

function printProbeReports(name: string): void {
  for (const [i, { label, stats }] of probeReports.splice(0).entries()) {
    mkdirSync(PROFILES, { recursive: true });
    const file = path.join(PROFILES, `${name}-probe-${i + 1}.json`);
    writeFileSync(file, JSON.stringify(stats, null, 1));
    console.log(`\n(full statements in ${file})`);
    console.log(
      `\nSQL seen by the probe in ${label}: ${stats.transactions} transactions, ${stats.statements} statements`,
    );
    console.log('   total ms   count    mean  statement');
    for (const s of stats.byText.slice(0, 25)) {
      console.log(
        `  ${s.ms.toFixed(0).padStart(9)}  ${String(s.count).padStart(6)}  ${(s.ms / s.count).toFixed(2).padStart(6)}  ${s.text.slice(0, 220)}`,
      );
    }
    for (const s of stats.byText.filter((x) => x.plan)) {
      console.log(`\nEXPLAIN of (${s.count}× ${(s.ms / s.count).toFixed(2)} ms) ${s.text.slice(0, 300)}`);
      console.log(`  params: ${JSON.stringify(s.params).slice(0, 300)}`);
      console.log((s.plan ?? '').replace(/^/gm, '  '));
    }
  }
}

interface Latest {
  date: string;
  machine: ReturnType<typeof machine>;
  totalSeconds: number;
  cases: Record<string, CaseResult>;
}

const README = path.join(REPO, 'bench/README.md');
const TABLE_START = '<!-- latest table: written by npm run bench -->';
const TABLE_END = '<!-- end of latest table -->';

/** The README shows the latest figure of every case, between its two markers. */
function updateReadme(latest: Latest): boolean {
  if (!existsSync(README)) return false;
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) return false;
  const rows = Object.values(latest.cases).flatMap((r) => r.rows);
  const { machine: m } = latest;
  const table = [
    TABLE_START,
    '',
    `${latest.date.slice(0, 10)}, commit ${m.commit}${m.uncommittedChanges ? ' (with uncommitted changes)' : ''}: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, node ${m.node}, ${m.os}.`,
    '',
    ...tableLines(rows),
    '',
  ].join('\n');
  writeFileSync(README, readme.slice(0, start) + table + readme.slice(end));
  return true;
}

async function main() {
  const args = process.argv.slice(2);
  const profile = args.includes('--profile');
  const diagnose = args.includes('--diagnose');
  const wanted = args.filter((a) => !a.startsWith('--'));
  const unknown = wanted.filter((w) => !(w in CASES));
  if (unknown.length) {
    console.error(`Unknown case ${unknown.join(', ')}. Cases: ${Object.keys(CASES).join(', ')}`);
    process.exit(2);
  }
  const names = wanted.length ? wanted : Object.keys(CASES);
  const started = performance.now();
  const log = (line: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
  const facts = machine();
  log(`machine: ${facts.cores} cores (${facts.cpu}), ${facts.memoryGiB} GiB, node ${facts.node}, ${facts.os}`);
  if (profile) log('profiling our server with --cpu-prof: figures are slower than usual and are not saved');
  if (diagnose) log('counting SQL statements in our server (--diagnose): figures are not saved');

  if (profile) {
    for (const name of names) {
      for (const dir of profileDirs(name)) rmSync(dir, { recursive: true, force: true });
    }
  }
  const results: CaseResult[] = [];
  for (const name of names) {
    const run = CASES[name] as CaseRun;
    const caseStarted = performance.now();
    const startedAt = new Date().toISOString();
    log(`— ${name}`);
    const context: CaseContext = {
      log: (line) => log(`  ${line}`),
      profile,
      diagnose,
      profileDir: (part) => path.join(PROFILES, `${name}-${part}`),
    };
    let result: CaseResult;
    try {
      result = { name, startedAt, seconds: 0, ...(await run(context)) };
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`  FAILED: ${message}`);
      await stopAll();
      result = { name, startedAt, seconds: 0, rows: [], facts: {}, notes: [], error: message.slice(0, 4000) };
    }
    result.seconds = Math.round((performance.now() - caseStarted) / 100) / 10;
    log(`  ${name} took ${result.seconds} s`);
    if (profile) printProfiles(name);
    if (diagnose) printProbeReports(name);
    results.push(result);
  }
  const totalSeconds = Math.round((performance.now() - started) / 100) / 10;

  console.log('');
  const rows = results.flatMap((r) =>
    r.error
      ? [
          {
            case: r.name,
            metric: `ERROR: ${r.error.split('\n')[0]?.slice(0, 80)}`,
            unit: '',
            ours: null,
            reference: null,
            referenceName: '—',
            ratio: null,
            target: '—',
            check: null,
            pass: false,
          },
        ]
      : r.rows,
  );
  for (const line of tableLines(rows)) console.log(line);
  console.log(`\n${names.length} case(s) in ${totalSeconds} s`);

  if (profile || diagnose) return;
  // One file with the latest figures of every case: a single case run replaces only its own entry.
  const previous: Latest | null = existsSync(LATEST) ? (JSON.parse(readFileSync(LATEST, 'utf8')) as Latest) : null;
  const latest: Latest = {
    date: new Date().toISOString(),
    machine: facts,
    totalSeconds: wanted.length ? (previous?.totalSeconds ?? totalSeconds) : totalSeconds,
    cases: { ...(previous?.cases ?? {}), ...Object.fromEntries(results.map((r) => [r.name, r])) },
  };
  // Keep the cases in their running order.
  latest.cases = Object.fromEntries(Object.keys(CASES).flatMap((k) => (latest.cases[k] ? [[k, latest.cases[k]]] : [])));
  mkdirSync(RESULTS, { recursive: true });
  const text = await prettier.format(JSON.stringify(latest), {
    ...(await prettier.resolveConfig(LATEST)),
    filepath: LATEST,
  });
  writeFileSync(LATEST, text);
  log(`wrote ${path.relative(REPO, LATEST)}`);
  if (updateReadme(latest)) log(`updated the table in ${path.relative(REPO, README)}`);
  if (results.some((r) => r.error)) process.exitCode = 1;
}

process.on('exit', cleanUpEverything);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUpEverything();
    process.exit(130);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  cleanUpEverything();
  process.exit(1);
});
