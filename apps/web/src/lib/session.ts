import { create } from 'zustand';

interface SessionState {
  authenticated: boolean;
  setAuthenticated: (value: boolean) => void;
  /** A call answered 401: the guards send the visitor to sign-in with a redirect. */
  markUnauthorised: () => void;
}

export const useSession = create<SessionState>((set) => ({
  authenticated: false,
  setAuthenticated: (authenticated) => set({ authenticated }),
  markUnauthorised: () => set({ authenticated: false }),
}));
