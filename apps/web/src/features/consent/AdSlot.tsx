import { useEffect, useRef } from 'react';
import { useConfig } from '../../lib/config';
import { useTranslation } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';

type Banner = 'banner01' | 'banner02' | 'banner03';

/**
 * One AdSense unit (admin → settings → ads): shown only when ads are on with a publisher id, this
 * unit has its slot id, and the visitor accepted cookies. Otherwise nothing, not even space.
 */
export function AdSlot({ banner, className }: { banner: Banner; className?: string }) {
  const { t } = useTranslation();
  const { adsense } = useConfig();
  const accepted = usePreferences((s) => s.cookieConsent === 'accepted');
  const slot = adsense[banner];
  const pushed = useRef(false);
  const show = accepted && Boolean(adsense.clientId) && Boolean(slot);

  useEffect(() => {
    if (!show || pushed.current) return;
    pushed.current = true;
    (window.adsbygoogle = window.adsbygoogle ?? []).push({});
  }, [show]);

  if (!show || !adsense.clientId || !slot) return null;
  return (
    <aside aria-label={t('ads.label')} className={className} data-ad-banner={banner}>
      <ins
        className="adsbygoogle block"
        data-ad-client={adsense.clientId}
        data-ad-slot={slot}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </aside>
  );
}
