import { Link2, LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout, primaryLinkClass, StatusMessage } from '../pages/PublicLayout';

/** /share/:token, /share/:token/files/:id and /share/:token/file. */
export function SharePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <StatusMessage
        icon={<Link2 className="size-8" aria-hidden />}
        title={t('share.title')}
        description={t('share.unavailable')}
        action={
          <Link to="/" className={primaryLinkClass}>
            {t('not_found.home')}
          </Link>
        }
      />
    </PublicLayout>
  );
}

/** /share/:token/authenticate — the password form for protected links. */
export function ShareAuthenticatePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <StatusMessage
        icon={<LockKeyhole className="size-8" aria-hidden />}
        title={t('share.protected_title')}
        description={t('share.unavailable')}
      />
    </PublicLayout>
  );
}
