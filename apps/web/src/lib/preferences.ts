import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type PreviewType = 'list' | 'grid';
export type SortField = 'created_at' | 'name' | 'size';
export type SortDirection = 'ASC' | 'DESC';

/** Spec §3 local browser preferences; they never leave the browser. */
interface PreferencesState {
  navigationBarVisible: boolean;
  fileInfoVisible: boolean;
  previewType: PreviewType;
  sorting: { field: SortField; direction: SortDirection };
  cookieDisclaimerDismissed: boolean;
  toggleNavigationBar: () => void;
  toggleFileInfo: () => void;
  togglePreviewType: () => void;
  setSorting: (field: SortField, direction: SortDirection) => void;
  dismissCookieDisclaimer: () => void;
}

export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      navigationBarVisible: true,
      fileInfoVisible: false,
      previewType: 'list',
      sorting: { field: 'created_at', direction: 'DESC' },
      cookieDisclaimerDismissed: false,
      toggleNavigationBar: () => set((s) => ({ navigationBarVisible: !s.navigationBarVisible })),
      toggleFileInfo: () => set((s) => ({ fileInfoVisible: !s.fileInfoVisible })),
      togglePreviewType: () => set((s) => ({ previewType: s.previewType === 'list' ? 'grid' : 'list' })),
      setSorting: (field, direction) => set({ sorting: { field, direction } }),
      dismissCookieDisclaimer: () => set({ cookieDisclaimerDismissed: true }),
    }),
    { name: 'filestore.preferences', version: 1 },
  ),
);
