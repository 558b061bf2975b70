import { Clock, Home, Link2, Trash2, UserCheck, Users, type LucideIcon } from 'lucide-react';
import { create } from 'zustand';

export interface NavItem {
  to: string;
  key: string;
  icon: LucideIcon;
  /** Not built yet: the entry says "Soon" and its screen says what it will do. */
  soon?: boolean;
}

export const baseItems: NavItem[] = [
  { to: '/platform/files', key: 'nav.my_files', icon: Home },
  { to: '/platform/recent-uploads', key: 'nav.recent_uploads', icon: Clock },
  { to: '/platform/my-shared-items', key: 'nav.publicly_shared', icon: Link2 },
  { to: '/platform/trash', key: 'nav.trash', icon: Trash2 },
];

export const collaborationItems: NavItem[] = [
  { to: '/platform/team-folders', key: 'nav.team_folders', icon: Users },
  { to: '/platform/shared-with-me', key: 'nav.shared_with_me', icon: UserCheck },
];

interface ShellState {
  spotlightOpen: boolean;
  mobileMenuOpen: boolean;
  setSpotlightOpen: (open: boolean) => void;
  setMobileMenuOpen: (open: boolean) => void;
}

/** Open state of the shell's overlays (spotlight search, phone menu). */
export const useShell = create<ShellState>((set) => ({
  spotlightOpen: false,
  mobileMenuOpen: false,
  setSpotlightOpen: (spotlightOpen) => set({ spotlightOpen }),
  setMobileMenuOpen: (mobileMenuOpen) => set({ mobileMenuOpen }),
}));
