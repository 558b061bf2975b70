import autocannon from 'autocannon';

export interface LoadResult {
  /** Answers with a 2xx status per second of the run. */
  perSecond: number;
  ok: number;
  /** Answers that were not 2xx, plus connection errors and timeouts. */
  failures: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * `connections` keep-alive clients sending GET `url` back to back for `seconds`, with autocannon
 * (npm) in this process: it writes pre-built requests and parses answers with little CPU, so on
 * these 2-core machines the client takes less from the servers than a loop of http.request would.
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    // No retries, no redirects: every answer counts as it came.
    timeout: 30,
  });
  const ok = result['2xx'];
  return {
    perSecond: ok / result.duration,
    ok,
    failures: result.non2xx + result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}
