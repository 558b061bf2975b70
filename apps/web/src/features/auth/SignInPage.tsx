import type { CheckAccountResponse } from '@filestore/contract';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { isApiError } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { errorMessage } from '../../lib/forms';
import { AuthLayout } from './AuthLayout';
import { EmailStep } from './sign-in/EmailStep';
import { PasswordStep } from './sign-in/PasswordStep';
import { VerifyEmailStep } from './sign-in/VerifyEmailStep';

type Step = { name: 'email' } | { name: 'password'; account: CheckAccountResponse } | { name: 'verify' };

/** Two steps like the reference: the email finds the account, then its password signs in. */
export function SignInPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [loginError, setLoginError] = useState<string | null>(null);

  const back = () => {
    setLoginError(null);
    setStep({ name: 'email' });
  };

  return (
    <AuthLayout>
      {step.name === 'email' && (
        <EmailStep
          email={email}
          onEmailChange={setEmail}
          onFound={(account) =>
            setStep(account.verified || !config.userVerification ? { name: 'password', account } : { name: 'verify' })
          }
        />
      )}
      {step.name === 'password' && (
        <PasswordStep
          email={email}
          account={step.account}
          error={loginError}
          onBack={back}
          onFailure={(error) => {
            if (isApiError(error, 'auth.email_not_verified')) setStep({ name: 'verify' });
            else setLoginError(errorMessage(t, error));
          }}
        />
      )}
      {step.name === 'verify' && <VerifyEmailStep email={email} onBack={back} />}
    </AuthLayout>
  );
}
