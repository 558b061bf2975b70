import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Tells `done` how many body bytes a response sent once it ends: all `length` of them when it
 * finished, else what the socket took during it, at most `length` (a client that went away mid-way
 * is counted for what reached the socket, its headers included). Measured on the socket rather than
 * by a stream in between, so the bytes go from the blob to the socket as before.
 */
export function onBytesSent(
  request: Pick<FastifyRequest, 'raw'>,
  reply: Pick<FastifyReply, 'raw'>,
  length: number,
  done: (bytes: number) => void,
): void {
  // An injected request (tests, light-my-request) has no real socket to measure.
  const written = () => (request.raw.socket as { bytesWritten?: number } | undefined)?.bytesWritten ?? 0;
  const before = written();
  let counted = false;
  const count = (bytes: number) => {
    if (counted) return;
    counted = true;
    if (bytes > 0) done(bytes);
  };
  reply.raw.once('finish', () => count(length));
  reply.raw.once('close', () => count(Math.min(length, written() - before)));
}

/**
 * Splits `total` bytes between owners in proportion to their weights, whole bytes, the remainder to
 * the heaviest: a zip of several owners' files counts to each for their share of it.
 */
export function splitBytes(total: number, weights: ReadonlyMap<string, number>): Map<string, number> {
  const shares = new Map<string, number>();
  const sum = [...weights.values()].reduce((a, b) => a + b, 0);
  const owners = [...weights.keys()];
  if (owners.length === 0) return shares;
  if (owners.length === 1 || sum === 0) {
    const heaviest = owners.reduce((a, b) => ((weights.get(b) ?? 0) > (weights.get(a) ?? 0) ? b : a));
    shares.set(heaviest, total);
    return shares;
  }
  let given = 0;
  for (const owner of owners) {
    const share = Math.floor((total * (weights.get(owner) ?? 0)) / sum);
    shares.set(owner, share);
    given += share;
  }
  const heaviest = owners.reduce((a, b) => ((weights.get(b) ?? 0) > (weights.get(a) ?? 0) ? b : a));
  shares.set(heaviest, (shares.get(heaviest) ?? 0) + total - given);
  return shares;
}
