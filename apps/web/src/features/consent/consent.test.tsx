import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '../../lib/preferences';
import { renderApp, testConfig } from '../../test/render';
import { AdSlot } from './AdSlot';
import { needsConsent } from './consent';
import { ThirdPartyScripts } from './ThirdPartyScripts';

const config = {
  ...testConfig,
  analytics: { googleTagId: 'G-TEST123', scriptUrl: 'http://127.0.0.1:9/gtag/js' },
  adsense: {
    clientId: 'ca-pub-1234567890',
    scriptUrl: 'http://127.0.0.1:9/adsbygoogle.js',
    banner01: '111',
    banner02: null,
    banner03: null,
  },
};

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src);

function show(ui: React.ReactElement, withConfig = config) {
  const result = renderApp(ui);
  void act(() => result.client.setQueryData(['config'], withConfig));
  return result;
}

beforeEach(() => usePreferences.setState({ cookieConsent: null }));
afterEach(() => document.head.querySelectorAll('script').forEach((s) => s.remove()));

describe('scripts behind the cookie consent', () => {
  it('loads nothing before an answer or after Decline, and both scripts after Accept', () => {
    show(<ThirdPartyScripts />);
    expect(scripts()).toEqual([]);
    act(() => usePreferences.getState().setCookieConsent('declined'));
    expect(scripts()).toEqual([]);
    act(() => usePreferences.getState().setCookieConsent('accepted'));
    expect(scripts()).toEqual([
      'http://127.0.0.1:9/gtag/js?id=G-TEST123',
      'http://127.0.0.1:9/adsbygoogle.js?client=ca-pub-1234567890',
    ]);
  });

  it('asks for consent only when analytics or ads are configured', () => {
    expect(needsConsent(config)).toBe(true);
    expect(
      needsConsent({
        ...config,
        analytics: { ...config.analytics, googleTagId: null },
        adsense: { ...config.adsense, clientId: null },
      }),
    ).toBe(false);
  });

  it('draws an ad unit only with consent and a slot id', () => {
    show(
      <>
        <AdSlot banner="banner01" />
        <AdSlot banner="banner02" />
      </>,
    );
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).toBeNull();
    act(() => usePreferences.getState().setCookieConsent('accepted'));
    const ads = screen.getAllByRole('complementary', { name: 'Advertisement' });
    expect(ads).toHaveLength(1);
    expect(ads[0]!.querySelector('ins')?.getAttribute('data-ad-slot')).toBe('111');
  });
});
