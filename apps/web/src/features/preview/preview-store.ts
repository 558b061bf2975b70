import type { FileResource } from '@filestore/contract';
import { create } from 'zustand';

export type PreviewFile = FileResource['data'];

interface PreviewState {
  files: PreviewFile[];
  index: number;
  open: boolean;
  show: (files: PreviewFile[], index: number) => void;
  go: (delta: number) => void;
  close: () => void;
}

/** Which file the overlay shows, among the ones it was opened with. */
export const usePreview = create<PreviewState>((set) => ({
  files: [],
  index: 0,
  open: false,
  show: (files, index) =>
    set(
      files.length === 0
        ? { open: false }
        : { files, index: Math.min(Math.max(0, index), files.length - 1), open: true },
    ),
  go: (delta) =>
    set((state) => {
      const index = state.index + delta;
      return index >= 0 && index < state.files.length ? { index } : state;
    }),
  close: () => set({ open: false }),
}));
