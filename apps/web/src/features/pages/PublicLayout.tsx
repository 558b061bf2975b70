import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, NavLink } from '../../app/routing';
import { useConfig } from '../../lib/config';
import { useSession } from '../../lib/session';
import { Logo } from '../../ui/Logo';
import { ThemeToggle } from '../user/ThemeToggle';

const navLink = 'min-h-10 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap';

const footerLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'font-medium text-neutral-900 dark:text-white' : 'hover:text-neutral-900 dark:hover:text-white';

/** Frame of the homepage, content pages and status pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useConfig();
  const authenticated = useSession((s) => s.authenticated);
  return (
    <div className="flex min-h-page flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-5 py-4">
        <Link to="/" aria-label={t('nav.home_link', { app: config.appName })} className="min-w-0">
          <Logo name={config.appName} logos={config.logos} className="max-w-full" />
        </Link>
        <nav className="flex shrink-0 items-center gap-1" aria-label={t('nav.public')}>
          <ThemeToggle saveToServer={false} />
          {authenticated ? (
            <Link
              to="/platform/files"
              className={`${navLink} inline-flex bg-accent-strong text-white dark:bg-accent dark:text-neutral-950`}
            >
              {t('home.open_files')}
            </Link>
          ) : (
            <>
              <Link
                to="/sign-in"
                className={`${navLink} inline-flex text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800`}
              >
                {t('auth.sign_in.submit')}
              </Link>
              {config.userRegistration && (
                <Link
                  to="/sign-up"
                  className={`${navLink} hidden bg-accent-strong text-white sm:inline-flex dark:bg-accent dark:text-neutral-950`}
                >
                  {t('home.get_started')}
                </Link>
              )}
            </>
          )}
        </nav>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-5">{children}</main>
      <footer className="mx-auto w-full max-w-6xl space-y-3 px-5 py-8 text-sm text-neutral-500 dark:text-neutral-400">
        <nav aria-label={t('footer.legal')} className="flex flex-wrap gap-x-5 gap-y-2">
          <span>{t('footer.copyright', { year: new Date().getFullYear(), app: config.appName })}</span>
          {/* The visible legal pages under the titles the administrator gave them. */}
          {config.legal.map(({ slug, title }) => (
            <NavLink key={slug} to={`/page/${slug}`} className={footerLinkClass}>
              {title}
            </NavLink>
          ))}
          <NavLink to="/contact-us" className={footerLinkClass}>
            {t('footer.contact')}
          </NavLink>
        </nav>
        {/* Cleaned to bold, italic and links by the server. */}
        {config.footerContent && (
          <p className="footer-text" dangerouslySetInnerHTML={{ __html: config.footerContent }} />
        )}
      </footer>
    </div>
  );
}

/** A centred message with an icon, used by NotFound, 403 and status pages. */
export function StatusMessage({
  code,
  icon,
  title,
  description,
  action,
}: {
  code?: string;
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center px-2 py-16 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent">
        {icon}
      </div>
      {code && (
        <p className="text-sm font-semibold tracking-widest text-accent-strong uppercase dark:text-accent">{code}</p>
      )}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-neutral-900 dark:text-white">{title}</h1>
      <p className="mt-3 text-base leading-7 text-neutral-600 dark:text-neutral-400">{description}</p>
      {action && <div className="mt-8">{action}</div>}
    </div>
  );
}

export const primaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-accent-strong px-5 text-sm font-semibold text-white hover:brightness-110 dark:bg-accent dark:text-neutral-950';
