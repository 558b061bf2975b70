/**
 * Runs `work` on every item with at most `limit` running at once, in order of the list, and
 * resolves when all are done. The first failure rejects once the ones running have settled
 * (no item starts after it), so nothing is left running behind a rejected promise.
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * A gate that lets at most `max` calls of the function it returns run at once; the others wait
 * their turn, first come first served. A failure frees the slot like a success.
 */
export function createLimiter(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // A waiter takes this slot over; otherwise it is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
