import type { HumanCheckAction } from '@filestore/contract';
import { useCallback, useEffect } from 'react';
import { useConfig } from '../../lib/config';

/** The part of Google's reCAPTCHA v3 script (api.js) the forms use. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** The longest a submit waits for the script and its token before it goes without one (the server then says why). */
const TOKEN_TIMEOUT_MS = 10_000;

let script: { src: string; ready: Promise<Grecaptcha> } | null = null;

/** Adds the script once per page load (`?render=<site key>` as v3 wants); a failed load may be tried again. */
function loadScript(scriptUrl: string, siteKey: string): Promise<Grecaptcha> {
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('render', siteKey);
  if (script?.src === url.href) return script.ready;
  const element = document.createElement('script');
  element.src = url.href;
  element.async = true;
  const ready = new Promise<Grecaptcha>((resolve, reject) => {
    element.onload = () => {
      const api = window.grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA script loaded without grecaptcha'));
    };
    element.onerror = () => {
      script = null;
      element.remove();
      reject(new Error('reCAPTCHA script did not load'));
    };
  });
  script = { src: url.href, ready };
  document.head.appendChild(element);
  return ready;
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

/**
 * The human check of a form (reCAPTCHA v3, ADR 0036). While the administrator has it on, the page
 * loads Google's script as soon as the form shows, and the returned function gets a token for
 * `action` at submit, to send as `reCaptcha`. Off, nothing is loaded and the function gives
 * undefined. A token that cannot be had (the script blocked, no answer in 10 s) is also undefined:
 * the server then refuses with the message that explains it.
 */
export function useHumanCheck(action: HumanCheckAction): () => Promise<string | undefined> {
  const { recaptcha } = useConfig();
  const siteKey = recaptcha.allowed ? recaptcha.siteKey : null;
  const { scriptUrl } = recaptcha;

  useEffect(() => {
    if (siteKey) loadScript(scriptUrl, siteKey).catch(() => undefined);
  }, [siteKey, scriptUrl]);

  return useCallback(async () => {
    if (!siteKey) return undefined;
    try {
      return await within(
        loadScript(scriptUrl, siteKey).then((api) => api.execute(siteKey, { action })),
        TOKEN_TIMEOUT_MS,
      );
    } catch {
      return undefined;
    }
  }, [siteKey, scriptUrl, action]);
}
