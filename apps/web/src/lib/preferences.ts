import type { SortDirection, SortField } from '@filestore/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type PreviewType = 'list' | 'grid';
export type { SortDirection, SortField };

/** Every sort field of the contract (the type makes a new one a compile error here). */
const SORT_FIELDS: Record<SortField, true> = { created_at: true, name: true, size: true, type: true };

export const DEFAULT_SORTING = { field: 'created_at', direction: 'DESC' } as const satisfies {
  field: SortField;
  direction: SortDirection;
};

/** Spec §3 local browser preferences; they never leave the browser. */
interface PreferencesState {
  navigationBarVisible: boolean;
  fileInfoVisible: boolean;
  previewType: PreviewType;
  sorting: { field: SortField; direction: SortDirection };
  cookieDisclaimerDismissed: boolean;
  /** The visitor's answer to analytics and ads cookies; null until asked (only asked once either is configured). */
  cookieConsent: CookieConsent | null;
  toggleNavigationBar: () => void;
  toggleFileInfo: () => void;
  togglePreviewType: () => void;
  setSorting: (field: SortField, direction: SortDirection) => void;
  dismissCookieDisclaimer: () => void;
  setCookieConsent: (answer: CookieConsent) => void;
}

export type CookieConsent = 'accepted' | 'declined';

export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      navigationBarVisible: true,
      fileInfoVisible: false,
      previewType: 'list',
      sorting: { ...DEFAULT_SORTING },
      cookieDisclaimerDismissed: false,
      cookieConsent: null,
      toggleNavigationBar: () => set((s) => ({ navigationBarVisible: !s.navigationBarVisible })),
      toggleFileInfo: () => set((s) => ({ fileInfoVisible: !s.fileInfoVisible })),
      togglePreviewType: () => set((s) => ({ previewType: s.previewType === 'list' ? 'grid' : 'list' })),
      setSorting: (field, direction) => set({ sorting: { field, direction } }),
      dismissCookieDisclaimer: () => set({ cookieDisclaimerDismissed: true }),
      setCookieConsent: (answer) => set({ cookieConsent: answer, cookieDisclaimerDismissed: true }),
    }),
    {
      name: 'filestore.preferences',
      version: 1,
      // A value saved by an older or tampered copy must not break every listing request.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<PreferencesState>;
        const sorting =
          saved.sorting &&
          Object.hasOwn(SORT_FIELDS, saved.sorting.field) &&
          (saved.sorting.direction === 'ASC' || saved.sorting.direction === 'DESC')
            ? saved.sorting
            : current.sorting;
        const previewType = saved.previewType === 'grid' ? 'grid' : 'list';
        const cookieConsent =
          saved.cookieConsent === 'accepted' || saved.cookieConsent === 'declined' ? saved.cookieConsent : null;
        return { ...current, ...saved, sorting, previewType, cookieConsent };
      },
    },
  ),
);
