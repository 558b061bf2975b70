import type { ComponentType } from 'react';
import type { RouteObject } from '../routing';

/**
 * Route-level code splitting: the route's component comes from its area's chunk, fetched on the
 * first visit. The router keeps the current screen until it arrives (see NavigationProgress), and
 * shows the root's HydrateFallback when a lazy route is the very first screen.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}
