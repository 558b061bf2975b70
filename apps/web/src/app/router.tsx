import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { AppShell } from './layout/AppShell';
import { RouteErrorPage } from './RouteErrorPage';
import { Root } from './Root';
import { adminRoute } from './routes/adminRoutes';
import { platformRoute, userRoute } from './routes/platformRoutes';
import { publicRoutes, wizardRoutes } from './routes/publicRoutes';

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      ...publicRoutes,
      ...wizardRoutes,
      { element: <AppShell />, children: [platformRoute, userRoute, adminRoute] },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
