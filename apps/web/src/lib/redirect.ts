/** Only same-origin paths are followed after sign-in; '//host' and '/\host' would leave the site. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/sign-in')) return null;
  return value;
}

export function signInPath(location: { pathname: string; search: string; hash: string }): string {
  const full = `${location.pathname}${location.search}${location.hash}`;
  return `/sign-in?redirect=${encodeURIComponent(full)}`;
}
