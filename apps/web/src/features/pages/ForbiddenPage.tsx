import { ShieldX } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { primaryLinkClass, StatusMessage } from './PublicLayout';

/** Shown inside the app shell when a signed-in user opens an admin page. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      code="403"
      icon={<ShieldX className="size-8" aria-hidden />}
      title={t('forbidden.title')}
      description={t('forbidden.description')}
      action={
        <Link to="/platform/files" className={primaryLinkClass}>
          {t('forbidden.back')}
        </Link>
      }
    />
  );
}
