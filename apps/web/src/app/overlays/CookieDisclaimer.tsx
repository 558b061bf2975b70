import { Cookie } from 'lucide-react';
import { Trans, useTranslation } from '../../lib/i18n';
import { Link } from '../routing';
import { useConfig } from '../../lib/config';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';

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

/** Shown once installation is done and until dismissed (remembered in this browser). */
export function CookieDisclaimer() {
  const { t } = useTranslation();
  const config = useConfig();
  const dismissed = usePreferences((s) => s.cookieDisclaimerDismissed);
  const dismiss = usePreferences((s) => s.dismissCookieDisclaimer);
  if (config.installation !== 'installation-done' || dismissed) return null;
  return (
    <section
      ref={reserveSpace}
      aria-label={t('cookies.label')}
      className="fixed inset-x-3 bottom-3 z-30 flex items-center gap-3 rounded-2xl bg-neutral-900 p-3 pl-4 text-sm text-neutral-200 shadow-2xl ring-1 ring-white/10 sm:inset-x-auto sm:right-4 sm:max-w-md dark:bg-neutral-800"
    >
      <Cookie className="hidden size-5 shrink-0 text-accent sm:block" aria-hidden />
      <p className="min-w-0 flex-1 leading-5">
        <Trans
          i18nKey="cookies.text"
          components={{
            anchor: <Link to="/page/cookie-policy" className="font-semibold text-white underline underline-offset-2" />,
          }}
        />
      </p>
      <Button variant="secondary" className="min-h-9 shrink-0 px-3" onClick={dismiss}>
        {t('cookies.accept')}
      </Button>
    </section>
  );
}
