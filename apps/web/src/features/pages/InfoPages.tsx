import { Construction, FileText, Mail, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConfig } from '../../lib/config';
import { PublicLayout, primaryLinkClass, StatusMessage } from './PublicLayout';

function titleFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** /page/:slug — pages are written by the admin; until one is, say so plainly. */
export function DynamicPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  return (
    <PublicLayout>
      <StatusMessage
        icon={<FileText className="size-8" aria-hidden />}
        title={titleFromSlug(slug)}
        description={t('page.not_written')}
        action={
          <Link to="/" className={primaryLinkClass}>
            {t('not_found.home')}
          </Link>
        }
      />
    </PublicLayout>
  );
}

export function ContactUsPage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <PublicLayout>
      <StatusMessage
        icon={<Mail className="size-8" aria-hidden />}
        title={t('contact.title')}
        description={
          config.contactEmail ? t('contact.description', { email: config.contactEmail }) : t('contact.no_email')
        }
        action={
          config.contactEmail ? (
            <a href={`mailto:${config.contactEmail}`} className={primaryLinkClass}>
              {t('contact.write')}
            </a>
          ) : undefined
        }
      />
    </PublicLayout>
  );
}

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
