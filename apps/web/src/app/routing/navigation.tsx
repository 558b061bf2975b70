import {
  forwardRef,
  useCallback,
  useEffect,
  useMemo,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { useLocation } from './router';

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
}

/** An absolute href for `to`, relative paths ('details', '../x', '?a=b') resolved against `from`. */
export function resolveTo(to: To, from: string): string {
  if (typeof to !== 'string') return `${to.pathname ?? from}${to.search ?? ''}${to.hash ?? ''}`;
  if (to.startsWith('/')) return to;
  if (to === '' || to.startsWith('?') || to.startsWith('#')) return `${from}${to}`;
  const cut = to.search(/[?#]/);
  const path = cut < 0 ? to : to.slice(0, cut);
  const rest = cut < 0 ? '' : to.slice(cut);
  const segments = from.split('/').filter(Boolean);
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}${rest}`;
}

let keys = 0;
const newKey = () => `${Date.now().toString(36)}-${(keys++).toString(36)}`;

/** Goes to `to` (or back/forward by a number); going to the URL already shown replaces it. */
export function navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
  if (typeof to === 'number') {
    history.go(to);
    return Promise.resolve();
  }
  const { pathname, search, hash } = window.location;
  const href = resolveTo(to, pathname);
  const replace = options.replace === true || href === `${pathname}${search}${hash}`;
  browserNavigate(href, { replace, state: { key: newKey() } });
  return Promise.resolve();
}

export function useNavigate(): typeof navigate {
  return navigate;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next;
      const query = new URLSearchParams(value).toString();
      void navigate({ search: query ? `?${query}` : '' }, options);
    },
    [],
  );
  return [params, setParams];
}

/** Replaces the current entry (or pushes) once rendered, like react-router's <Navigate>. */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const { pathname } = useLocation();
  const href = resolveTo(to, pathname);
  useEffect(() => {
    void navigate(href, { replace });
  }, [href, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  reloadDocument?: boolean;
}

function followsInApp(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** An ordinary link whose plain clicks navigate in the page. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, reloadDocument, onClick, target, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const href = resolveTo(to, pathname);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (reloadDocument || !followsInApp(event, target)) return;
        event.preventDefault();
        void navigate(href, { replace });
      }}
    />
  );
});

export interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on exactly this path, not below it. */
  end?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  style?: CSSProperties | ((state: NavLinkState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
}

/** A Link that knows whether it leads to the screen shown (aria-current="page", class "active"). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end, className, style, children, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const href = resolveTo(rest.to, pathname);
  const cut = href.search(/[?#]/);
  const target = (cut < 0 ? href : href.slice(0, cut)).toLowerCase();
  const current = pathname.toLowerCase();
  const endAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(endAt) === '/');
  const state: NavLinkState = { isActive, isPending: false };
  return (
    <Link
      aria-current={isActive ? 'page' : undefined}
      {...rest}
      ref={ref}
      className={
        typeof className === 'function'
          ? className(state)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined
      }
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
});
