import { CircleCheckBig, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useSearchParams } from '../../app/routing';
import { AuthHeading, AuthLayout } from './AuthLayout';

function ResultScreen({
  icon,
  title,
  subtitle,
  action,
}: {
  icon: ReactNode;
  title: string;
  subtitle: string;
  action: ReactNode;
}) {
  return (
    <AuthLayout>
      <div className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
        {icon}
      </div>
      <AuthHeading title={title} subtitle={subtitle} />
      {action}
    </AuthLayout>
  );
}

const primaryLink =
  'inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-accent-strong px-4 text-sm font-semibold text-white hover:brightness-110 dark:bg-accent dark:text-neutral-950';

/** Where the verification link lands. */
export function SuccessfullyVerifiedPage() {
  const { t } = useTranslation();
  return (
    <ResultScreen
      icon={<CircleCheckBig className="size-7" aria-hidden />}
      title={t('auth.verified.title')}
      subtitle={t('auth.verified.description')}
      action={
        <Link to="/sign-in" className={primaryLink}>
          {t('auth.verified.sign_in')}
        </Link>
      }
    />
  );
}

/** Shown after a reset link was requested; the server answers the same whether the account exists or not. */
export function SuccessfullySentPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const email = search.get('email');
  return (
    <ResultScreen
      icon={<MailCheck className="size-7" aria-hidden />}
      title={t('auth.sent.title')}
      subtitle={email ? t('auth.sent.description_email', { email }) : t('auth.sent.description')}
      action={
        <Link to="/sign-in" className={primaryLink}>
          {t('auth.back_to_sign_in')}
        </Link>
      }
    />
  );
}
