import type { AppConfig } from '@filestore/contract';

/** Analytics or ads are configured: only then is there anything to ask the visitor's consent for. */
export const needsConsent = (config: AppConfig) =>
  Boolean(config.analytics.googleTagId) || Boolean(config.adsense.clientId);
