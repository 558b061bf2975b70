import { ArrowRight, FolderInput, Share2, UploadCloud } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { useConfig } from '../../lib/config';
import { useSession } from '../../lib/session';
import { PublicLayout, primaryLinkClass } from './PublicLayout';

const features = [
  { icon: UploadCloud, title: 'home.feature_upload', text: 'home.feature_upload_text' },
  { icon: Share2, title: 'home.feature_share', text: 'home.feature_share_text' },
  { icon: FolderInput, title: 'home.feature_requests', text: 'home.feature_requests_text' },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  const config = useConfig();
  const authenticated = useSession((s) => s.authenticated);
  return (
    <PublicLayout>
      <section className="mx-auto max-w-3xl py-16 text-center sm:py-24">
        <h1 className="text-4xl font-bold tracking-tight text-neutral-900 sm:text-5xl dark:text-white">
          {config.appName}
        </h1>
        <p className="mt-5 text-lg leading-8 text-neutral-600 dark:text-neutral-400">
          {config.appDescription || t('auth.brand.description')}
        </p>
        <div className="mt-9 flex flex-wrap justify-center gap-3">
          <Link
            to={authenticated ? '/platform/files' : config.userRegistration ? '/sign-up' : '/sign-in'}
            className={primaryLinkClass}
          >
            {authenticated
              ? t('home.open_files')
              : config.userRegistration
                ? t('home.get_started')
                : t('auth.sign_in.submit')}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </section>
      <section className="grid gap-5 pb-16 sm:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <div
            key={title}
            className="rounded-2xl bg-neutral-50 p-6 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800"
          >
            <Icon className="size-6 text-accent-strong dark:text-accent" aria-hidden />
            <h2 className="mt-4 font-semibold text-neutral-900 dark:text-white">{t(title)}</h2>
            <p className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400">{t(text)}</p>
          </div>
        ))}
      </section>
    </PublicLayout>
  );
}
