import type { AppConfig } from '@filestore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

declare global {
  interface Window {
    __CONFIG__?: unknown;
  }
}

export const configQueryKey = ['config'] as const;

export function fetchConfig(): Promise<AppConfig> {
  return api.get<AppConfig>('/api/config', { ignoreUnauthorised: true });
}

/** The server embeds the configuration in the HTML shell; `vite dev` has none, so it is fetched. */
export async function loadInitialConfig(): Promise<AppConfig> {
  const embedded = window.__CONFIG__ as AppConfig | undefined;
  return embedded && typeof embedded === 'object' && typeof embedded.locale === 'string' ? embedded : fetchConfig();
}

/** Loaded before the first render (see main.tsx), so it is always present. */
export function useConfig(): AppConfig {
  const { data } = useQuery({ queryKey: configQueryKey, queryFn: fetchConfig, staleTime: Infinity });
  if (!data) throw new Error('Configuration used before it was loaded');
  return data;
}

export function applyAccentColour(colour: string): void {
  if (/^#[0-9a-f]{3,8}$/i.test(colour)) document.documentElement.style.setProperty('--accent', colour);
}
