import type { Logger } from 'pino';

/**
 * A background job: `run` does one batch of work and says whether more is waiting. Jobs claim their
 * work in the database (`for update skip locked`), so several nodes can run the same job safely;
 * this runner only makes sure one node never runs a job twice at once.
 */
export interface JobDefinition {
  name: string;
  /** How often the job runs on its own, to pick up work nobody triggered (after a crash, say). */
  intervalMs: number;
  run(): Promise<{ more: boolean }>;
  /** Work a run started and left going (fetches in flight): `stop` waits for it after the last run. */
  idle?(): Promise<void>;
}

/** When a job last ran on this node, and how it ended: the heartbeat the server status reads. */
export interface JobBeat {
  name: string;
  intervalMs: number;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
}

interface JobState {
  def: JobDefinition;
  running: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  beat: JobBeat;
}

export class JobRunner {
  private readonly jobs = new Map<string, JobState>();
  private started = false;
  private stopped = false;
  private stopDone: Promise<void> | null = null;
  private giveUp: (() => void) | null = null;

  constructor(private readonly log: Logger) {}

  register(def: JobDefinition): void {
    if (this.jobs.has(def.name)) throw new Error(`job ${def.name} is registered twice`);
    const beat = { name: def.name, intervalMs: def.intervalMs, lastRunAt: null, lastSuccessAt: null, lastError: null };
    const state: JobState = { def, running: null, again: false, timer: null, beat };
    this.jobs.set(def.name, state);
    if (this.started) this.schedule(state);
  }

  /** Starts the interval timers. Tests leave the runner stopped and call `drain` instead. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const state of this.jobs.values()) this.schedule(state);
  }

  /** Asks a job to run soon, typically right after a commit that made work for it. */
  trigger(name: string): void {
    const state = this.jobs.get(name);
    if (!state || this.stopped) return;
    if (!this.started) {
      state.again = true; // remembered for drain()
      return;
    }
    void this.runNow(state);
  }

  /** Runs every job until none reports more work: lets tests wait for background work. */
  async drain(names?: string[]): Promise<void> {
    // A name nobody registered is a job that would never run on its own either: say so.
    const unknown = names?.filter((name) => !this.jobs.has(name)) ?? [];
    if (unknown.length) throw new Error(`no job called ${unknown.join(', ')} is registered`);
    const states = [...this.jobs.values()].filter((s) => !names || names.includes(s.def.name));
    for (let round = 0; round < 1000; round++) {
      let more = false;
      for (const state of states) {
        if (state.running) await state.running;
        more = (await this.runOnce(state)) || more;
      }
      if (!more) return;
    }
    throw new Error('jobs did not settle after 1000 rounds');
  }

  /** Every registered job's heartbeat on this node, copied. */
  beats(): JobBeat[] {
    return [...this.jobs.values()].map((s) => ({ ...s.beat }));
  }

  /** Whether `stop` was called: a job with work in flight (several fetches) starts no more. */
  get stopping(): boolean {
    return this.stopped;
  }

  /**
   * Starts no job any more, and resolves once the running ones are done (and a job's `idle`, its
   * work in flight, has settled), or after `waitMs` (the shutdown's grace, ADR 0064), or when
   * `stopWaiting` is called, whichever comes first. A job left running then loses its process
   * soon: its work is claimed in the database, so a later run (here after a restart, or on another
   * node) takes it up again, as after a crash. Every call answers the first call's promise.
   */
  stop(waitMs?: number): Promise<void> {
    if (this.stopDone) return this.stopDone;
    this.stopped = true;
    for (const state of this.jobs.values()) {
      if (state.timer) clearInterval(state.timer);
      state.timer = null;
    }
    const done = Promise.all([...this.jobs.values()].flatMap((s) => (s.running ? [s.running] : [])))
      .then(() => Promise.all([...this.jobs.values()].flatMap((s) => (s.def.idle ? [s.def.idle()] : []))))
      .then(() => 'done' as const);
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'gave up'>((resolve) => {
      this.giveUp = () => resolve('gave up');
      if (waitMs !== undefined) timer = setTimeout(this.giveUp, waitMs);
    });
    this.stopDone = Promise.race([done, gaveUp]).then((how) => {
      clearTimeout(timer);
      const left = [...this.jobs.values()].filter((s) => s.running !== null).map((s) => s.def.name);
      if (how === 'gave up' && left.length) this.log.warn({ jobs: left }, 'stopped without waiting for these jobs');
    });
    return this.stopDone;
  }

  /** Ends `stop`'s wait for the running jobs now (a second signal during the grace). */
  stopWaiting(): void {
    this.giveUp?.();
  }

  private schedule(state: JobState): void {
    state.timer = setInterval(() => void this.runNow(state), state.def.intervalMs);
    state.timer.unref();
    if (state.again) void this.runNow(state);
  }

  private runNow(state: JobState): Promise<void> {
    if (state.running) {
      state.again = true;
      return state.running;
    }
    state.running = (async () => {
      try {
        do {
          state.again = false;
          const more = await this.runOnce(state);
          if (more) state.again = true;
        } while (state.again && !this.stopped);
      } finally {
        state.running = null;
      }
    })();
    return state.running;
  }

  private async runOnce(state: JobState): Promise<boolean> {
    state.beat.lastRunAt = new Date();
    try {
      const { more } = await state.def.run();
      state.beat.lastSuccessAt = new Date();
      state.beat.lastError = null;
      return more;
    } catch (error) {
      this.log.error({ err: error, job: state.def.name }, 'background job failed');
      state.beat.lastError = error instanceof Error ? error.message.slice(0, 300) : 'failed';
      return false;
    }
  }
}
