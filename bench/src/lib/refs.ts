import path from 'node:path';
import { REPO } from './our-server.js';
import { freePort, startProcess, waitForHttp, type Proc } from './proc.js';

/** Starts one of the reference programs of src/refs on a free loopback port. */
export async function startReference(script: string, args: string[]): Promise<{ url: string; proc: Proc }> {
  const port = await freePort();
  const [first = '', ...rest] = args;
  const proc = startProcess(
    script,
    process.execPath,
    ['--import', 'tsx', path.join(REPO, 'bench/src/refs', script), first, String(port), ...rest],
    { cwd: path.join(REPO, 'bench') },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/ping`, proc);
  return { url, proc };
}
