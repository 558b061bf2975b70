import { useEffect } from 'react';
import { useConfig } from '../../lib/config';
import { usePreferences } from '../../lib/preferences';

declare global {
  interface Window {
    dataLayer?: unknown[];
    adsbygoogle?: unknown[];
  }
}

/** Adds a script once per page load (by URL). */
function addScript(src: string, extra: Record<string, string> = {}): void {
  if ([...document.scripts].some((script) => script.src === src)) return;
  const element = document.createElement('script');
  element.src = src;
  element.async = true;
  for (const [name, value] of Object.entries(extra)) element.setAttribute(name, value);
  document.head.appendChild(element);
}

/**
 * The Google tag (analytics) and AdSense, each loaded only when the administrator configured it AND
 * this visitor accepted the cookie banner (issue 16 point 6). Declined or unanswered: nothing loads.
 */
export function ThirdPartyScripts() {
  const { analytics, adsense } = useConfig();
  const accepted = usePreferences((s) => s.cookieConsent === 'accepted');
  const tagId = accepted ? analytics.googleTagId : null;
  const adClient = accepted ? adsense.clientId : null;

  useEffect(() => {
    if (!tagId) return;
    const url = new URL(analytics.scriptUrl, window.location.href);
    url.searchParams.set('id', tagId);
    window.dataLayer = window.dataLayer ?? [];
    // gtag() pushes its `arguments` object: the tag reads exactly that shape.
    function gtag(..._args: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer?.push(arguments);
    }
    gtag('js', new Date());
    gtag('config', tagId, { anonymize_ip: true });
    addScript(url.href);
  }, [tagId, analytics.scriptUrl]);

  useEffect(() => {
    if (!adClient) return;
    const url = new URL(adsense.scriptUrl, window.location.href);
    url.searchParams.set('client', adClient);
    addScript(url.href, { crossorigin: 'anonymous' });
  }, [adClient, adsense.scriptUrl]);

  return null;
}
