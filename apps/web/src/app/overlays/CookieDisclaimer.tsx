import { Cookie } from 'lucide-react';
import { Trans, useTranslation } from '../../lib/i18n';
import { Link } from '../routing';
import { useConfig } from '../../lib/config';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { needsConsent } from '../../features/consent/consent';

/**
 * Publishes the notice's height (plus its margin) as --overlay-bottom, so scroll areas can pad
 * their end and the last button or footer link is never stuck underneath the notice.
 */
function reserveSpace(node: HTMLElement | null): (() => void) | void {
  if (!node) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    root.style.setProperty('--overlay-bottom', `${Math.ceil(node.getBoundingClientRect().height) + 24}px`);
  });
  observer.observe(node);
  return () => {
    observer.disconnect();
    root.style.removeProperty('--overlay-bottom');
  };
}

/**
 * Shown once installation is done. With no analytics or ads configured only necessary cookies are
 * set, so it is a notice dismissed with “Got it”. With either configured it asks: Accept loads them
 * (features/consent/ThirdPartyScripts), Decline never does; the answer is remembered in this browser.
 */
export function CookieDisclaimer() {
  const { t } = useTranslation();
  const config = useConfig();
  const dismissed = usePreferences((s) => s.cookieDisclaimerDismissed);
  const consent = usePreferences((s) => s.cookieConsent);
  const dismiss = usePreferences((s) => s.dismissCookieDisclaimer);
  const answer = usePreferences((s) => s.setCookieConsent);
  const asking = needsConsent(config);
  if (config.installation !== 'installation-done' || (asking ? consent !== null : dismissed)) return null;
  return (
    <section
      ref={reserveSpace}
      aria-label={t('cookies.label')}
      className="fixed inset-x-3 bottom-3 z-30 flex flex-wrap items-center gap-3 rounded-2xl bg-neutral-900 p-3 pl-4 text-sm text-neutral-200 shadow-2xl ring-1 ring-white/10 sm:inset-x-auto sm:right-4 sm:max-w-md sm:flex-nowrap dark:bg-neutral-800"
    >
      <Cookie className="hidden size-5 shrink-0 text-accent sm:block" aria-hidden />
      <p className="min-w-0 flex-1 basis-48 leading-5">
        <Trans
          i18nKey={asking ? 'cookies.consent_text' : 'cookies.text'}
          components={{
            anchor: <Link to="/page/cookie-policy" className="font-semibold text-white underline underline-offset-2" />,
          }}
        />
      </p>
      {asking ? (
        <div className="ml-auto flex shrink-0 gap-2">
          <button
            type="button"
            className="min-h-9 rounded-xl px-3 font-semibold text-neutral-100 ring-1 ring-white/25 ring-inset hover:bg-white/10"
            onClick={() => answer('declined')}
          >
            {t('cookies.decline')}
          </button>
          <Button variant="secondary" className="min-h-9 px-3" onClick={() => answer('accepted')}>
            {t('cookies.accept_all')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" className="min-h-9 shrink-0 px-3" onClick={dismiss}>
          {t('cookies.accept')}
        </Button>
      )}
    </section>
  );
}
