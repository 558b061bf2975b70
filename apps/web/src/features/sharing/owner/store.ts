import { create } from 'zustand';
import type { Item } from '../../files/items';
import type { Share } from './sharing.api';

/** Spec §2 popups share-create, share-edit and create-file-request, plus the stop-sharing confirmation. */
export type SharingDialog =
  | { kind: 'share-create'; item: Item }
  | { kind: 'share-edit'; item: Item; share: Share }
  | { kind: 'stop-sharing'; items: Array<{ item: Item; share: Share }> }
  | { kind: 'file-request'; folderId: string | null; folderName: string | null };

interface SharingDialogState {
  dialog: SharingDialog | null;
  open: (dialog: SharingDialog) => void;
  close: () => void;
}

export const useSharingDialogs = create<SharingDialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));

export const openSharingDialog = (dialog: SharingDialog) => useSharingDialogs.getState().open(dialog);

/** Share, or edit the link when the item already has one. */
export function shareItem(item: Item) {
  const share = item.relationships.shared?.data;
  openSharingDialog(share ? { kind: 'share-edit', item, share } : { kind: 'share-create', item });
}

export const loadSharingDialogs = () => import('./SharingDialogsContent');
