import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileLine {
  selfPercent: number;
  totalPercent: number;
  fn: string;
  where: string;
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(/^.*\/apps\/server\/dist\//, 'server/');

/** The functions with the most self time (and their inclusive time), from a V8 .cpuprofile. */
export function summariseProfile(
  file: string,
  top = 25,
): { lines: ProfileLine[]; seconds: number; idlePercent: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const total = [...hits.values()].reduce((a, b) => a + b, 0) || 1;
  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'}\t${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, count] of hits) {
    const node = byId.get(id);
    if (!node) continue;
    self.set(key(node), (self.get(key(node)) ?? 0) + count);
    // Inclusive: every distinct frame on the stack once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const k = key(n);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + count);
    }
  }
  const idle = [...self].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
  const lines = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => {
      const [fn = '', where = ''] = k.split('\t');
      return {
        selfPercent: (100 * v) / total,
        totalPercent: (100 * (inclusive.get(k) ?? v)) / total,
        fn,
        where,
      };
    });
  return { lines, seconds: (profile.endTime - profile.startTime) / 1e6, idlePercent: (100 * idle) / total };
}

/** The heaviest inclusive frames of our own code (server/…), which tell where the time goes. */
export function ownCodeInclusive(file: string, top = 15): ProfileLine[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = profile.samples?.length || 1;
  const inclusive = new Map<string, number>();
  for (const id of profile.samples ?? []) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const url = shortUrl(n.callFrame.url);
      if (!url.startsWith('server/')) continue;
      const k = `${n.callFrame.functionName || '(anonymous)'}\t${url}:${n.callFrame.lineNumber + 1}`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + 1);
    }
  }
  return [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => {
      const [fn = '', where = ''] = k.split('\t');
      return { selfPercent: NaN, totalPercent: (100 * v) / total, fn, where };
    });
}

export function profilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}
