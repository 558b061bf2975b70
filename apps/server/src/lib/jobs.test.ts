import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { JobRunner } from './jobs.js';

/** A runner with one job whose run lasts until `finish` is called, and the warnings it logged. */
function runnerWithSlowJob() {
  const warnings: unknown[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
  const runner = new JobRunner(log);
  let finish = () => {};
  let runs = 0;
  runner.register({
    name: 'slow',
    intervalMs: 60_000,
    run: () => {
      runs++;
      return new Promise((resolve) => (finish = () => resolve({ more: false })));
    },
  });
  runner.start();
  runner.trigger('slow');
  return { runner, warnings, finish: () => finish(), runs: () => runs };
}

describe('stopping the job runner (ADR 0064)', () => {
  it('waits for a running job that ends in time, and starts none after', async () => {
    const { runner, warnings, finish, runs } = runnerWithSlowJob();
    const stopped = runner.stop(5_000);
    setTimeout(finish, 20);
    await stopped;
    runner.trigger('slow');
    expect(runs()).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('stops waiting after the grace and names the job left running', async () => {
    const { runner, warnings } = runnerWithSlowJob();
    const started = Date.now();
    await runner.stop(50);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(warnings).toMatchObject([{ jobs: ['slow'], msg: 'stopped without waiting for these jobs' }]);
    // Later calls (the context's close) answer the same promise instead of waiting again.
    await runner.stop();
  });

  it('stops waiting at once when told to (a second signal), even without a grace', async () => {
    const { runner } = runnerWithSlowJob();
    const stopped = runner.stop();
    runner.stopWaiting();
    await stopped;
  });
});
