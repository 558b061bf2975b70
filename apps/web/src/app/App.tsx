import type { AppConfig } from '@filestore/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { RouterProvider } from './routing';
import { configQueryKey } from '../lib/config';
import { useIsDark } from '../lib/theme';
import { loadSonner, loadToasterWhenIdle, useToasterWanted } from '../lib/toast';
import { router } from './router';

const TOAST_DURATION_MS = 6000;

export function createQueryClient(config: AppConfig): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          count < 2 && !(error instanceof Error && 'status' in error && Number(error.status) < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  client.setQueryData(configQueryKey, config);
  return client;
}

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function ThemedToaster() {
  const isDark = useIsDark();
  return (
    <Toaster
      duration={TOAST_DURATION_MS}
      theme={isDark ? 'dark' : 'light'}
      position="top-right"
      closeButton
      richColors
    />
  );
}

/** The Toaster joins the page once sonner is wanted (see lib/toast.ts). */
function ToasterWhenWanted() {
  const wanted = useToasterWanted();
  useEffect(loadToasterWhenIdle, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

export function App({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToasterWhenWanted />
    </QueryClientProvider>
  );
}
