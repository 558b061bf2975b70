import { Compass } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { PublicLayout, primaryLinkClass, StatusMessage } from './PublicLayout';

export function NotFoundPage() {
  return (
    <PublicLayout>
      <NotFoundMessage />
    </PublicLayout>
  );
}

/** The 404 message alone, for pages that learn late that their content doesn't exist. */
export function NotFoundMessage() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      code="404"
      icon={<Compass className="size-8" aria-hidden />}
      title={t('not_found.title')}
      description={t('not_found.description')}
      action={
        <Link to="/" className={primaryLinkClass}>
          {t('not_found.home')}
        </Link>
      }
    />
  );
}
