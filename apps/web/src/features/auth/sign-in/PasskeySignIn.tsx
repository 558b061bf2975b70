import { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { passkeySignIn, passkeySignInOptions, passkeysPossible, useSignedIn } from './passkey.api';

/**
 * "Sign in with a passkey" under the email step, and the browser's passkey autofill on the email
 * field (conditional mediation: the field's autocomplete names `webauthn`). Either way a passkey
 * that verified its user signs in with no password and no code (ADR 0034). Rendered inside the
 * email step's form; nothing shows where the browser has no WebAuthn.
 */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const supported = useRef(passkeysPossible()).current;

  const failed = (caught: unknown) => {
    if (isApiError(caught)) setError(errorMessage(t, caught));
    else setError(t('auth.passkey.cancelled'));
  };

  // The autofill offer waits quietly until the person picks a passkey in the email field's list.
  useEffect(() => {
    if (!supported) return;
    let stopped = false;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      let credential;
      try {
        const optionsJSON = await passkeySignInOptions();
        if (stopped) return;
        credential = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
      } catch {
        // Cancelled by the button (which starts its own), by leaving the step, or no options: nothing to say.
        return;
      }
      try {
        await passkeySignIn(credential);
        signedIn();
      } catch (caught) {
        if (!stopped) failed(caught);
      }
    })();
    return () => {
      stopped = true;
      WebAuthnAbortService.cancelCeremony();
    };
    // Once per mount of the email step.
  }, []);

  if (!supported) return null;

  const start = async () => {
    setError(null);
    setLoading(true);
    try {
      const optionsJSON = await passkeySignInOptions();
      await passkeySignIn(await startAuthentication({ optionsJSON }));
      signedIn();
    } catch (caught) {
      setLoading(false);
      failed(caught);
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" aria-hidden />
        {t('auth.passkey.or')}
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" aria-hidden />
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      <Button
        variant="secondary"
        block
        loading={loading}
        icon={<KeyRound className="size-4" aria-hidden />}
        onClick={() => void start()}
      >
        {t('auth.passkey.sign_in')}
      </Button>
    </div>
  );
}
