import type { LucideIcon } from 'lucide-react';
import { useMatches } from './router';

export type Section = 'Platform' | 'User' | 'Admin';

/** Flags every route carries (spec §2 route behaviour). */
export interface RouteHandle {
  /** Needs a signed-in session; visitors go to sign-in with ?redirect=. */
  auth?: boolean;
  /** Sign-in and sign-up: a signed-in user is sent on. */
  guest?: boolean;
  /** Admin area: a signed-in non-admin sees the 403 screen. */
  admin?: boolean;
  section?: Section;
  /** Translation key of the header's screen name. */
  title?: string;
  icon?: LucideIcon;
}

export function useRouteHandles(): RouteHandle[] {
  return useMatches().map((match) => (match.handle ?? {}) as RouteHandle);
}

/** The section of the first matched route that names one (drives sidebar highlighting). */
export function useSection(): Section | undefined {
  return useRouteHandles().find((h) => h.section)?.section;
}

/** The deepest route's screen name and icon. */
export function useScreen(): { title?: string; icon?: LucideIcon } {
  const handles = useRouteHandles();
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (handle?.title) return { title: handle.title, icon: handle.icon };
  }
  return {};
}
