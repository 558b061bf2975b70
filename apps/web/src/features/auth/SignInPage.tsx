import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useSearchParams } from '../../app/routing';
import { AuthLayout } from './AuthLayout';
import { EmailStep } from './sign-in/EmailStep';
import { PasswordStep } from './sign-in/PasswordStep';
import { TwoFactorStep } from './sign-in/TwoFactorStep';
import { VerifyEmailStep } from './sign-in/VerifyEmailStep';
import { SocialButtons } from './SocialButtons';

type Step = { name: 'email' } | { name: 'password' } | { name: 'verify' } | { name: 'two_factor' };

/**
 * Two steps like the reference: the email, then the password. Unlike the reference, the first step
 * does not say whether the account exists; an unverified account learns it needs verifying once
 * its password is right. With two-factor on, a code step follows the password (no session before it).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // An invitation's page sends its email along (`?email=`), so the invitee only types the password.
  const [email, setEmail] = useState(() => search.get('email') ?? '');
  // A provider's callback sends an account with two-factor on here for its code (ADR 0035).
  const [step, setStep] = useState<Step>(() => ({
    name: search.get('social') === 'two_factor' ? 'two_factor' : 'email',
  }));
  // Why the password is asked again (the two-factor step ran out of time).
  const [notice, setNotice] = useState<string | null>(null);

  const back = () => {
    setNotice(null);
    setStep({ name: 'email' });
  };

  return (
    <AuthLayout>
      {step.name === 'email' && (
        <EmailStep
          email={email}
          onContinue={(checked) => {
            setEmail(checked);
            setStep({ name: 'password' });
          }}
        />
      )}
      {step.name === 'password' && (
        <PasswordStep
          email={email}
          notice={notice}
          onBack={back}
          onTwoFactor={() => {
            setNotice(null);
            setStep({ name: 'two_factor' });
          }}
          onNotVerified={() => setStep({ name: 'verify' })}
        />
      )}
      {step.name === 'email' && <SocialButtons />}
      {step.name === 'verify' && <VerifyEmailStep email={email} onBack={back} />}
      {step.name === 'two_factor' && (
        <TwoFactorStep
          email={email}
          onBack={back}
          onExpired={() => {
            setNotice(t('auth.two_factor.expired'));
            setStep({ name: 'password' });
          }}
        />
      )}
    </AuthLayout>
  );
}
