import { createBrowserRouter } from './routing';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { Root } from './Root';
import { ScreenLoading } from './ScreenLoading';
import { adminRoute } from './routes/adminRoutes';
import { lazyPage } from './routes/lazy';
import { platformRoute, userRoute } from './routes/platformRoutes';
import { publicRoutes, wizardRoutes } from './routes/publicRoutes';

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    // Shown while a lazy first screen's chunk loads (there is no server rendering to hydrate).
    HydrateFallback: ScreenLoading,
    children: [
      ...publicRoutes,
      ...wizardRoutes,
      {
        lazy: lazyPage(
          () => import('./layout/shell'),
          (m) => m.AppShell,
        ),
        children: [platformRoute, userRoute, adminRoute],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
