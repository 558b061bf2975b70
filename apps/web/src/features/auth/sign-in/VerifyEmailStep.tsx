import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/forms';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { resendVerification } from '../auth.api';

export function VerifyEmailStep({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setState('sending');
    setError(null);
    try {
      await resendVerification(email.trim());
      setState('sent');
    } catch (caught) {
      setError(errorMessage(t, caught));
      setState('idle');
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
        <MailCheck className="size-7" aria-hidden />
      </div>
      <div>
        <h1 className="text-[28px] leading-tight font-bold tracking-tight text-neutral-900 dark:text-white">
          {t('auth.verify.title')}
        </h1>
        <p className="mt-2 text-[15px] leading-6 text-neutral-600 dark:text-neutral-400">
          {t('auth.verify.description', { email })}
        </p>
      </div>
      {state === 'sent' && <Notice tone="success">{t('auth.verify.sent')}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <Button block loading={state === 'sending'} onClick={resend}>
        {t('auth.verify.resend')}
      </Button>
      <Button block variant="secondary" onClick={onBack}>
        {t('auth.verify.back')}
      </Button>
    </div>
  );
}
