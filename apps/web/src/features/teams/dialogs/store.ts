import { create } from 'zustand';

/** A team folder as the popups need it: its id and how it looks. */
export interface TeamTarget {
  id: string;
  name: string;
  color: string | null;
  emoji: string | null;
}

/** Spec §2 popups create-team-folder and update-team-folder, and the §6 confirmations. */
export type TeamDialog =
  | { kind: 'create' }
  /** Create-team-folder popup for an existing folder: it becomes a team folder where it is. */
  | { kind: 'convert'; folder: TeamTarget }
  | { kind: 'update'; folder: TeamTarget }
  | { kind: 'dissolve'; folder: TeamTarget }
  | { kind: 'leave'; folder: TeamTarget };

interface TeamDialogState {
  dialog: TeamDialog | null;
  open: (dialog: TeamDialog) => void;
  close: () => void;
}

export const useTeamDialogs = create<TeamDialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));

export const openTeamDialog = (dialog: TeamDialog) => useTeamDialogs.getState().open(dialog);
