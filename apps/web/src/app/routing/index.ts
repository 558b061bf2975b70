/** The app's routing, on wouter (see router.tsx); screens import it instead of a router library. */
export {
  createBrowserRouter,
  Outlet,
  RouterProvider,
  useLocation,
  useMatch,
  useMatches,
  useNavigation,
  useParams,
  useRouteError,
  type Location,
  type Params,
  type RouteMatch,
  type RouteObject,
} from './router';
export { Link, Navigate, NavLink, navigate, resolveTo, useNavigate, useSearchParams, type To } from './navigation';
export { ScrollRestoration } from './ScrollRestoration';
export { useRouteHandles, useScreen, useSection, type RouteHandle, type Section } from './route-handle';
