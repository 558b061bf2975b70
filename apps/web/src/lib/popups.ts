import { create } from 'zustand';

export interface PopupMessage {
  kind: 'alert' | 'success';
  title: string;
  message?: string;
  buttonText?: string;
}

interface PopupState {
  popup: PopupMessage | null;
  open: (popup: PopupMessage) => void;
  close: () => void;
}

/** Spec §2 overlays: the alert (danger) and success popups, opened and closed by events. */
export const usePopups = create<PopupState>((set) => ({
  popup: null,
  open: (popup) => set({ popup }),
  close: () => set({ popup: null }),
}));

export const showAlert = (title: string, message?: string, buttonText?: string) =>
  usePopups.getState().open({ kind: 'alert', title, message, buttonText });
export const showSuccess = (title: string, message?: string, buttonText?: string) =>
  usePopups.getState().open({ kind: 'success', title, message, buttonText });
export const closePopup = () => usePopups.getState().close();

interface ProgressState {
  progress: { title: string; message?: string } | null;
}

/** Spec §9: the progress popup, for a wait the user cannot cut short (signing out). */
export const useProgressPopup = create<ProgressState>(() => ({ progress: null }));
export const showProgress = (title: string, message?: string) =>
  useProgressPopup.setState({ progress: { title, message } });
export const hideProgress = () => useProgressPopup.setState({ progress: null });
