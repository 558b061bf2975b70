import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isDiskFull, Outages } from './outages.js';

describe('outages', () => {
  it('logs an outage once when it starts and once when it ends, however often it is reported', () => {
    const lines: { level: number; msg: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    const outages = new Outages(pino({ level: 'info' }, sink));
    for (let i = 0; i < 50; i++) outages.report('database', new Error('Connection terminated unexpectedly'));
    expect(outages.isDown('database')).toBe(true);
    outages.recovered('database');
    outages.recovered('database');
    outages.report('database', new Error('again'));
    expect(lines.map((l) => l.msg)).toEqual([
      expect.stringContaining('the database cannot be reached'),
      'database is available again',
      expect.stringContaining('the database cannot be reached'),
    ]);
  });

  it('recognises a full disk in any link of the cause chain, from the file system or PostgreSQL', () => {
    const errno = (code: string) => Object.assign(new Error(code), { code });
    expect(isDiskFull(errno('ENOSPC'))).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: errno('EDQUOT') }))).toBe(true);
    // What PostgreSQL (and so the embedded database) reports: "could not extend file", disk_full.
    expect(isDiskFull(new Error('Failed query', { cause: errno('53100') }))).toBe(true);
    expect(isDiskFull(errno('EACCES'))).toBe(false);
    expect(isDiskFull('ENOSPC')).toBe(false);
  });
});
