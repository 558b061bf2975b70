import {
  socialOutcomes,
  type SocialOutcome,
  type SocialProvider,
  type SocialRedirectResponse,
} from '@filestore/contract';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from '../../app/routing';
import { api } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { errorMessage } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';

export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
};
const ORDER: SocialProvider[] = ['google', 'github', 'facebook'];

/** The providers' own marks, drawn inline (decorative: the button's text names the provider). */
export const PROVIDER_MARKS: Record<SocialProvider, ReactNode> = {
  google: (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden>
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  ),
  github: (
    <svg viewBox="0 0 24 24" className="size-5 text-neutral-900 dark:text-white" aria-hidden>
      <path
        fill="currentColor"
        d="M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385.6.113.82-.258.82-.577 0-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729 1.205.084 1.838 1.236 1.838 1.236 1.07 1.835 2.809 1.305 3.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93 0-1.31.465-2.38 1.235-3.22-.135-.303-.54-1.523.105-3.176 0 0 1.005-.322 3.3 1.23.96-.267 1.98-.399 3-.405 1.02.006 2.04.138 3 .405 2.28-1.552 3.285-1.23 3.285-1.23.645 1.653.24 2.873.12 3.176.765.84 1.23 1.91 1.23 3.22 0 4.61-2.805 5.625-5.475 5.92.42.36.81 1.096.81 2.22 0 1.606-.015 2.896-.015 3.286 0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12"
      />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden>
      <circle cx="12" cy="12" r="11" fill="#fff" />
      <path
        fill="#1877F2"
        d="M24 12.073c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.99 4.388 10.954 10.125 11.854v-8.385H7.078v-3.47h3.047V9.43c0-3.007 1.792-4.669 4.533-4.669 1.312 0 2.686.235 2.686.235v2.953H15.83c-1.491 0-1.956.925-1.956 1.874v2.25h3.328l-.532 3.47h-2.796v8.385C19.612 23.027 24 18.062 24 12.073z"
      />
    </svg>
  ),
};

const isOutcome = (value: string | null): value is SocialOutcome =>
  !!value && (socialOutcomes as readonly string[]).includes(value);

/**
 * "Continue with …" for each provider the administrator enabled and configured (ADR 0035), and,
 * after a provider sent the browser back without signing in, why. The button asks the server for
 * the provider's page (it keeps the attempt's state) and goes there.
 */
export function SocialButtons() {
  const { t } = useTranslation();
  const { socialLogins } = useConfig();
  const [search] = useSearchParams();
  const [going, setGoing] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const providers = ORDER.filter((p) => socialLogins[p].allowed && socialLogins[p].configured);
  const outcome = search.get('social');
  const named = search.get('provider') as SocialProvider | null;
  const providerName = named && named in PROVIDER_NAMES ? PROVIDER_NAMES[named] : '';
  const shownOutcome = isOutcome(outcome) && outcome !== 'two_factor' ? outcome : null;
  if (!providers.length && !shownOutcome) return null;

  const go = async (provider: SocialProvider) => {
    setGoing(provider);
    setError(null);
    try {
      const { data } = await api.get<SocialRedirectResponse>(`/api/socialite/${provider}/redirect`, {
        ignoreUnauthorised: true,
      });
      window.location.assign(data.url);
    } catch (caught) {
      setGoing(null);
      setError(errorMessage(t, caught));
    }
  };

  return (
    <div className="mt-6 space-y-3">
      {shownOutcome && (
        <Notice tone={shownOutcome === 'verify_email' ? 'info' : 'error'}>
          {t(`auth.social.outcome.${shownOutcome}`, { provider: providerName })}
        </Notice>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      {providers.length > 0 && (
        <>
          <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" aria-hidden />
            {t('auth.social.or')}
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" aria-hidden />
          </div>
          {providers.map((provider) => (
            <Button
              key={provider}
              variant="secondary"
              block
              loading={going === provider}
              disabled={going !== null && going !== provider}
              icon={PROVIDER_MARKS[provider]}
              onClick={() => void go(provider)}
            >
              {t('auth.social.continue_with', { provider: PROVIDER_NAMES[provider] })}
            </Button>
          ))}
        </>
      )}
    </div>
  );
}
