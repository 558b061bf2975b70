import {
  Component,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { matchRoute, useRouter, type Parser } from 'wouter';
import { useHistoryState, usePathname, useSearch } from 'wouter/use-browser-location';

/**
 * The app's route tree on top of wouter, which only follows the browser's location. This module
 * adds what the screens rely on: nested layouts (Outlet), route handles (useMatches), lazy route
 * modules that load before the screen changes (the current screen stays, useNavigation says
 * 'loading'), and one error boundary at the root.
 */

export type Params = Record<string, string | undefined>;

export interface RouteObject {
  /** Relative to the parent's path unless it starts with '/'; ':name?' is optional, '*' the rest. */
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  /** The route's component comes from a chunk; the navigation waits for it (see lazyPage). */
  lazy?: () => Promise<{ Component: ComponentType }>;
  handle?: unknown;
  children?: RouteObject[];
  /** Root only: shown instead of the tree when a screen throws or its chunk fails to load. */
  errorElement?: ReactNode;
  /** Root only: shown while the very first screen's chunks load. */
  HydrateFallback?: ComponentType;
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  handle: unknown;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Tells history entries apart (scroll restoration). */
  key: string;
}

interface Branch {
  pattern: string;
  score: number;
  routes: RouteObject[];
}

export interface Router {
  routes: RouteObject[];
  branches: Branch[];
}

function joinPaths(parent: string, path: string | undefined): string {
  if (!path) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Same ranking as react-router: static segments beat parameters, which beat a splat. */
function rank(pattern: string, index: boolean | undefined): number {
  const segments = pattern.split('/');
  let score = segments.length + (index ? 2 : 0) - (segments.includes('*') ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function flatten(routes: RouteObject[], parents: RouteObject[], parentPath: string, out: Branch[]): Branch[] {
  for (const route of routes) {
    const path = joinPaths(parentPath, route.path);
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, path, out);
    // A route without a path is a layout: it matches only through its children.
    if (route.path === undefined && !route.index) continue;
    out.push({ pattern: path || '/', score: rank(path || '/', route.index), routes: chain });
  }
  return out;
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  const branches = flatten(routes, [], '', []);
  // Array.prototype.sort is stable: equal scores keep their order in the tree.
  branches.sort((a, b) => b.score - a.score);
  return { routes, branches };
}

function decodeParams(raw: Record<string, string | undefined> | null): Params {
  const params: Params = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (/^\d+$/.test(key)) continue;
    if (value === undefined) continue;
    try {
      params[key] = decodeURIComponent(value);
    } catch {
      params[key] = value;
    }
  }
  return params;
}

export function matchPath(parser: Parser, pattern: string, pathname: string): Params | null {
  const [matched, params] = matchRoute(parser, pattern, pathname);
  return matched ? decodeParams(params) : null;
}

/** The routes that render `pathname`, outermost first (empty when nothing matches). */
export function matchRoutes(router: Router, parser: Parser, pathname: string): RouteMatch[] {
  return matchBranches(router.branches, parser, pathname);
}

function matchBranches(branches: Branch[], parser: Parser, pathname: string): RouteMatch[] {
  for (const branch of branches) {
    const params = matchPath(parser, branch.pattern, pathname);
    if (params) return branch.routes.map((route) => ({ route, params, handle: route.handle }));
  }
  return [];
}

const loadedComponents = new WeakMap<RouteObject, ComponentType>();
const loading = new WeakMap<RouteObject, Promise<void>>();

function loadRoute(route: RouteObject): Promise<void> {
  let promise = loading.get(route);
  if (!promise) {
    promise = route.lazy!().then((module) => {
      loadedComponents.set(route, module.Component);
    });
    promise.catch(() => loading.delete(route));
    loading.set(route, promise);
  }
  return promise;
}

const isPending = (match: RouteMatch) => match.route.lazy !== undefined && !loadedComponents.has(match.route);

interface RouterState {
  location: Location;
  matches: RouteMatch[];
}

const StateContext = createContext<RouterState>({
  location: { pathname: '/', search: '', hash: '', key: 'default' },
  matches: [],
});
const NavigationContext = createContext<'idle' | 'loading'>('idle');
/** The index of the match an Outlet renders. */
const OutletContext = createContext(0);
const ErrorContext = createContext<unknown>(undefined);

interface BoundaryProps {
  fallback: ReactNode;
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  location: Location;
}

/** Catches what a screen throws; the next navigation tries again. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return <ErrorContext.Provider value={failure.error}>{this.props.fallback}</ErrorContext.Provider>;
  }
}

function RenderMatch({ index }: { index: number }) {
  const { matches } = useContext(StateContext);
  const match = matches[index];
  if (!match) return null;
  const { route } = match;
  const Screen = loadedComponents.get(route) ?? route.Component;
  const element = route.element !== undefined ? route.element : Screen ? <Screen /> : <Outlet />;
  return <OutletContext.Provider value={index + 1}>{element}</OutletContext.Provider>;
}

/** Where a layout route shows the child route that matched. */
export function Outlet() {
  return <RenderMatch index={useContext(OutletContext)} />;
}

function historyKey(state: unknown): string {
  const key = (state as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : 'default';
}

export function RouterProvider({ router }: { router: Router }) {
  const { parser } = useRouter();
  const pathname = usePathname();
  const search = useSearch();
  const key = historyKey(useHistoryState());
  const matches = useMemo(() => matchBranches(router.branches, parser, pathname), [router, parser, pathname]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [loadFailure, setLoadFailure] = useState<{ error: unknown } | null>(null);
  const committed = useRef<RouterState | null>(null);

  const waiting = matches.some(isPending);
  if (!waiting) {
    const current = committed.current;
    const hash = window.location.hash;
    if (
      !current ||
      current.matches !== matches ||
      current.location.search !== search ||
      current.location.hash !== hash ||
      current.location.key !== key
    ) {
      committed.current = { location: { pathname, search, hash, key }, matches };
    }
  }

  useEffect(() => {
    const missing = matches.filter(isPending);
    if (!missing.length) return;
    let live = true;
    Promise.all(missing.map((match) => loadRoute(match.route))).then(
      () => live && rerender(),
      (error: unknown) => live && setLoadFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [matches]);

  const root = router.routes[0];
  const state = committed.current;
  if (loadFailure) {
    return <ErrorContext.Provider value={loadFailure.error}>{root?.errorElement}</ErrorContext.Provider>;
  }
  if (!state) {
    const Fallback = root?.HydrateFallback;
    return Fallback ? <Fallback /> : null;
  }
  return (
    <NavigationContext.Provider value={waiting ? 'loading' : 'idle'}>
      <StateContext.Provider value={state}>
        <ErrorBoundary fallback={root?.errorElement} location={state.location}>
          <RenderMatch index={0} />
        </ErrorBoundary>
      </StateContext.Provider>
    </NavigationContext.Provider>
  );
}

/** The location on screen (while the next screen's chunk loads, still the current one). */
export function useLocation(): Location {
  return useContext(StateContext).location;
}

/** The matched routes, outermost first. */
export function useMatches(): RouteMatch[] {
  return useContext(StateContext).matches;
}

/** The parameters of the whole matched path, as react-router gives them. */
export function useParams(): Params {
  const { matches } = useContext(StateContext);
  return matches[matches.length - 1]?.params ?? {};
}

/** 'loading' while the next screen's code loads. */
export function useNavigation(): { state: 'idle' | 'loading' } {
  return { state: useContext(NavigationContext) };
}

export function useMatch(pattern: string): { params: Params } | null {
  const { parser } = useRouter();
  const { pathname } = useLocation();
  return useMemo(() => {
    const params = matchPath(parser, pattern, pathname);
    return params ? { params } : null;
  }, [parser, pattern, pathname]);
}

/** What a screen threw, inside the root's errorElement. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}
