import type { AppConfig } from '@filestore/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { RouterProvider } from './routing';
import { configQueryKey } from '../lib/config';
import { useLanguageChanges } from '../lib/i18n';
import { useIsDark } from '../lib/theme';
import { loadSonner, loadToasterWhenIdle, useToasterWanted } from '../lib/toast';
import { RealtimeConnection } from './RealtimeConnection';
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

/**
 * Toasts sit at the bottom, where they hide no toolbar: above the floating upload button and the
 * selection bar on phones, above the cookie notice and the upload panel where they would meet
 * (--toast-bottom in index.css). They stay spread out, one above the other, never piled up.
 */
const TOAST_OFFSET = { bottom: 'var(--toast-bottom)' };
/** Over dialogs (z-50), whose errors they may report, but under menus and pickers (z-60) they would hide. */
const TOASTER_STYLE = { zIndex: 55 };

function ThemedToaster() {
  const isDark = useIsDark();
  return (
    <Toaster
      duration={TOAST_DURATION_MS}
      theme={isDark ? 'dark' : 'light'}
      position="bottom-center"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_OFFSET}
      gap={8}
      visibleToasts={4}
      expand
      style={TOASTER_STYLE}
      closeButton
      richColors
    />
  );
}

/**
 * While files are dragged over the window, toasts let the drag through to what lies under them
 * (index.css, `data-file-drag`): they sit at the bottom of the listing, where a drop would
 * otherwise land on a toast and upload nothing.
 */
function useToastsPassFileDrags() {
  useEffect(() => {
    const root = document.documentElement;
    const isFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
    const start = (e: DragEvent) => {
      if (isFiles(e)) root.dataset.fileDrag = '';
    };
    const end = () => delete root.dataset.fileDrag;
    // Leaving the window: the drag's next target is outside the page.
    const leave = (e: DragEvent) => {
      if (
        e.relatedTarget === null &&
        (e.clientX <= 0 || e.clientY <= 0 || e.clientX >= innerWidth || e.clientY >= innerHeight)
      )
        end();
    };
    window.addEventListener('dragenter', start, true);
    window.addEventListener('dragleave', leave, true);
    window.addEventListener('drop', end, true);
    window.addEventListener('dragend', end, true);
    return () => {
      window.removeEventListener('dragenter', start, true);
      window.removeEventListener('dragleave', leave, true);
      window.removeEventListener('drop', end, true);
      window.removeEventListener('dragend', end, true);
      end();
    };
  }, []);
}

/** The Toaster joins the page once sonner is wanted (see lib/toast.ts). */
function ToasterWhenWanted() {
  const wanted = useToasterWanted();
  useToastsPassFileDrags();
  useEffect(loadToasterWhenIdle, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

export function App({ client }: { client: QueryClient }) {
  // Another language: every screen is drawn again in it (lib/i18n.ts, switchLanguage).
  const language = useLanguageChanges();
  return (
    <QueryClientProvider client={client}>
      <RouterProvider key={language} router={router} />
      <ToasterWhenWanted />
      <RealtimeConnection />
    </QueryClientProvider>
  );
}
