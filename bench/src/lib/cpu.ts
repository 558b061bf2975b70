import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds a process has used so far in user space and in the kernel, from /proc/<pid>/stat; 0 once it is gone. */
export function cpuTimesOf(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  const { user, system } = cpuTimesOf(pid);
  return user + system;
}

/**
 * CPU seconds used so far by each PostgreSQL backend serving `database` (found by the process title
 * PostgreSQL gives them: "postgres: [<cluster>:] <user> <database> <client> <state>"), by pid.
 */
export function postgresCpuSeconds(database: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(' ');
      if (title[0] !== 'postgres:' || !title.slice(1, 4).includes(database)) continue;
    } catch {
      continue;
    }
    byPid.set(Number(entry), cpuSecondsOf(Number(entry)));
  }
  return byPid;
}

/**
 * CPU used by a server process and by the PostgreSQL backends of its database while `work` runs.
 * A backend that exits during the run (a pool closing an idle connection) takes its ticks with it:
 * only backends alive at the end count, from where they were at the start (or from 0 if new).
 */
export async function cpuDuring<T>(serverPid: number, database: string, work: () => Promise<T>) {
  const server0 = cpuSecondsOf(serverPid);
  const postgres0 = postgresCpuSeconds(database);
  const result = await work();
  let postgresSeconds = 0;
  for (const [pid, seconds] of postgresCpuSeconds(database)) postgresSeconds += seconds - (postgres0.get(pid) ?? 0);
  return { result, serverSeconds: cpuSecondsOf(serverPid) - server0, postgresSeconds };
}
