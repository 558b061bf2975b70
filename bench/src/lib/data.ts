import { randomFillSync } from 'node:crypto';
import { closeSync, createReadStream, openSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './proc.js';
import { GiB, MiB } from './report.js';

let sharedDir: string | null = null;
let randomFile: string | null = null;

/** A folder for the whole run (removed at exit). */
export function runDir(): string {
  sharedDir ??= tempDir('run');
  return sharedDir;
}

/** 1 GiB of random bytes (incompressible, like real media), generated once per run. */
export function randomGiB(): string {
  if (randomFile && statSync(randomFile).size === GiB) return randomFile;
  const file = path.join(runDir(), 'random-1GiB.bin');
  const block = Buffer.allocUnsafe(64 * MiB);
  const fd = openSync(file, 'w');
  try {
    for (let written = 0; written < GiB; written += block.length) {
      randomFillSync(block);
      writeSync(fd, block);
    }
  } finally {
    closeSync(fd);
  }
  randomFile = file;
  return file;
}

/** Reads a file once so that every program measured afterwards finds it in the page cache. */
export async function warm(file: string): Promise<void> {
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * MiB })) void chunk;
}

/** A deterministic pseudo-random sequence (the same fixture on every run). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
