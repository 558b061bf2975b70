import { Construction, PlayCircle } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { PublicLayout, primaryLinkClass, StatusMessage } from './PublicLayout';

export function DemoPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <StatusMessage
        icon={<PlayCircle className="size-8" aria-hidden />}
        title={t('demo.title')}
        description={t('demo.description')}
        action={
          <Link to="/sign-in" className={primaryLinkClass}>
            {t('auth.sign_in.submit')}
          </Link>
        }
      />
    </PublicLayout>
  );
}

export function TemporaryUnavailablePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <StatusMessage
        code="503"
        icon={<Construction className="size-8" aria-hidden />}
        title={t('maintenance.title')}
        description={t('maintenance.description')}
      />
    </PublicLayout>
  );
}
