import { create } from 'zustand';
import type { Item } from '../items';

/** Spec §2 popups of the file browser, opened from menus, the toolbar and the keyboard. */
export type FileDialog =
  | { kind: 'create-folder'; parentId: string | null }
  /** Spec §2 remote-upload popup: links the server fetches into the folder. */
  | { kind: 'remote-upload'; parentId: string | null }
  | { kind: 'rename'; item: Item }
  | { kind: 'move'; items: Item[] }
  | { kind: 'delete-forever'; items: Item[] }
  /** Through a link: confirm, as its holder can't undo. */
  | { kind: 'remove'; items: Item[] }
  | { kind: 'empty-trash' };

interface DialogState {
  dialog: FileDialog | null;
  open: (dialog: FileDialog) => void;
  close: () => void;
}

export const useFileDialogs = create<DialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));

export const openFileDialog = (dialog: FileDialog) => useFileDialogs.getState().open(dialog);
