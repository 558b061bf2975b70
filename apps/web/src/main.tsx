import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/App';
import { StartupFailure } from './app/StartupFailure';
import { dismissBootSkeleton } from './lib/boot';
import { applyAccentColour, loadInitialConfig } from './lib/config';
import { initI18n } from './lib/i18n';
import { useSession } from './lib/session';
import { useTheme } from './lib/theme';

const root = createRoot(document.getElementById('root')!);

/** Spec §4 start-up: configuration, then the locale's catalogue, and only then the first render. */
async function start() {
  try {
    const config = await loadInitialConfig();
    await initI18n(config.locale);
    applyAccentColour(config.appColor);
    useTheme.getState().initialise(config.defaultThemeMode);
    useSession.getState().setAuthenticated(config.isAuthenticated);
    root.render(
      <StrictMode>
        <App client={createQueryClient(config)} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    dismissBootSkeleton();
    root.render(<StartupFailure />);
  }
}

void start();
