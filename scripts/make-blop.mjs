// Writes apps/web/src/features/notifications/blop.wav: the short "blop" a live notification plays (spec §9).
// Made here from a formula, not recorded: a sine whose pitch rises quickly (a drop into water),
// under a fast attack and an exponential decay. 16-bit mono PCM at 22,050 Hz, 150 ms (~6.6 KB).
// Run: node scripts/make-blop.mjs
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const RATE = 22_050;
const SECONDS = 0.15;
const n = Math.round(RATE * SECONDS);
const samples = new Int16Array(n);
let phase = 0;
for (let i = 0; i < n; i++) {
  const t = i / RATE;
  // 320 Hz rising to ~1 kHz within the first 60 ms, then holding.
  const frequency = 320 + 680 * (1 - Math.exp(-t / 0.025));
  phase += (2 * Math.PI * frequency) / RATE;
  const attack = Math.min(1, t / 0.004);
  const decay = Math.exp(-t / 0.035);
  samples[i] = Math.round(Math.sin(phase) * attack * decay * 0.6 * 32_767);
}

const data = Buffer.from(samples.buffer);
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // byte rate
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(
  fileURLToPath(new URL('../apps/web/src/features/notifications/blop.wav', import.meta.url)),
  Buffer.concat([header, data]),
);
