import { KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { passkeySecondFactor, passkeysPossible, useSignedIn } from './passkey.api';

/** "Use a passkey" on the code step: completes the same pending sign-in as a code would (ADR 0034). */
export function PasskeySecondFactor({ onExpired }: { onExpired: () => void }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const supported = useRef(passkeysPossible()).current;
  if (!supported) return null;

  const start = async () => {
    setError(null);
    setLoading(true);
    try {
      await passkeySecondFactor();
      signedIn();
    } catch (caught) {
      setLoading(false);
      if (isApiError(caught, 'auth.two_factor_challenge_expired')) return onExpired();
      setError(isApiError(caught) ? errorMessage(t, caught) : t('auth.passkey.cancelled'));
    }
  };

  return (
    <div className="space-y-3">
      {error && <Notice tone="error">{error}</Notice>}
      <Button
        variant="secondary"
        block
        loading={loading}
        icon={<KeyRound className="size-4" aria-hidden />}
        onClick={() => void start()}
      >
        {t('auth.passkey.use')}
      </Button>
    </div>
  );
}
