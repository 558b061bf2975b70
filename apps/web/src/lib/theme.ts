import type { ThemeMode } from '@filestore/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';

/** Same key as the inline script in index.html, which applies the class before paint. */
const STORAGE_KEY = 'filestore.theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function storedMode(): ThemeMode | null {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' || value === 'system' ? value : null;
}

interface ThemeState {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
  /** Adopts the configured default unless this browser already chose one. */
  initialise: (defaultMode: ThemeMode) => void;
}

export const useTheme = create<ThemeState>((set) => ({
  mode: storedMode() ?? 'system',
  setMode: (mode) => {
    localStorage.setItem(STORAGE_KEY, mode);
    set({ mode });
  },
  initialise: (defaultMode) => set({ mode: storedMode() ?? defaultMode }),
}));

function subscribeSystem(callback: () => void): () => void {
  const query = darkQuery();
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeSystem, () => darkQuery().matches);
}

/** True when the page is dark now: the chosen mode, or the OS while the mode is system. */
export function useIsDark(): boolean {
  const mode = useTheme((s) => s.mode);
  const systemDark = useSystemPrefersDark();
  return mode === 'dark' || (mode === 'system' && systemDark);
}

/** Keeps the `dark` class on <html> in step with the mode and, for system, with the OS live. */
export function useApplyTheme(): void {
  const isDark = useIsDark();
  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDark);
  }, [isDark]);
}
