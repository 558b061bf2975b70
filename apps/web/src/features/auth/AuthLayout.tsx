import { FolderLock, Share2, UploadCloud, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { useConfig } from '../../lib/config';
import { Logo } from '../../ui/Logo';
import { ThemeToggle } from '../user/ThemeToggle';

const highlights = [
  { icon: UploadCloud, key: 'auth.brand.upload' },
  { icon: Share2, key: 'auth.brand.share' },
  { icon: Users, key: 'auth.brand.teams' },
  { icon: FolderLock, key: 'auth.brand.private' },
] as const;

function BrandPanel() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <aside className="relative hidden overflow-hidden bg-accent-strong p-12 text-white lg:flex lg:flex-col dark:bg-neutral-900">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_90%_0%,rgb(255_255_255/0.16),transparent_50%),radial-gradient(circle_at_0%_100%,rgb(0_0_0/0.2),transparent_55%)] dark:bg-[radial-gradient(circle_at_90%_0%,color-mix(in_oklab,var(--accent)_22%,transparent),transparent_50%),radial-gradient(circle_at_0%_100%,color-mix(in_oklab,var(--accent)_10%,transparent),transparent_55%)]"
      />
      <div className="relative flex flex-1 flex-col justify-center">
        <p className="text-sm font-semibold tracking-widest text-white/70 uppercase dark:text-accent">
          {config.appName}
        </p>
        <h2 className="mt-4 max-w-md text-4xl leading-tight font-bold tracking-tight">{t('auth.brand.headline')}</h2>
        <p className="mt-4 max-w-md text-base leading-7 text-white/80 dark:text-neutral-400">
          {config.appDescription || t('auth.brand.description')}
        </p>
        <ul className="mt-10 grid max-w-md gap-4">
          {highlights.map(({ icon: Icon, key }) => (
            <li key={key} className="flex items-center gap-3 text-[15px] text-white/90 dark:text-neutral-300">
              <span className="flex size-9 items-center justify-center rounded-xl bg-white/15 dark:bg-accent/15 dark:text-accent">
                <Icon className="size-4.5" aria-hidden />
              </span>
              {t(key)}
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm text-white/60 dark:text-neutral-500">
        © {new Date().getFullYear()} {config.appName}
      </p>
    </aside>
  );
}

/** The frame of the sign-in, sign-up and password screens: brand panel on wide screens, form always. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const config = useConfig();
  const { t } = useTranslation();
  return (
    <div className="grid min-h-page lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <BrandPanel />
      <div className="flex min-w-0 flex-col px-5 py-5 sm:px-10">
        <header className="flex items-center justify-between">
          <Link to="/" aria-label={t('nav.home_link', { app: config.appName })}>
            <Logo name={config.appName} logos={config.logos} />
          </Link>
          <ThemeToggle saveToServer={false} />
        </header>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-[400px]">{children}</div>
        </main>
        <footer className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-neutral-500 dark:text-neutral-400">
          <Link to="/page/terms-of-service" className="hover:text-neutral-900 dark:hover:text-white">
            {t('footer.terms')}
          </Link>
          <Link to="/page/privacy-policy" className="hover:text-neutral-900 dark:hover:text-white">
            {t('footer.privacy')}
          </Link>
          <Link to="/contact-us" className="hover:text-neutral-900 dark:hover:text-white">
            {t('footer.contact')}
          </Link>
        </footer>
      </div>
    </div>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-[28px] leading-tight font-bold tracking-tight text-neutral-900 dark:text-white">{title}</h1>
      {subtitle && <p className="mt-2 text-[15px] leading-6 text-neutral-600 dark:text-neutral-400">{subtitle}</p>}
    </div>
  );
}

export const linkClass = 'font-semibold text-accent-strong hover:underline dark:text-accent';
export const subtleLinkClass =
  'font-medium text-neutral-700 underline decoration-neutral-300 underline-offset-2 hover:text-neutral-900 dark:text-neutral-300 dark:decoration-neutral-600 dark:hover:text-white';
