import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NavLink } from '../../app/routing';
import { cn } from '../../ui/cn';

/** A strip of sub-page links (settings, payments): scrolls sideways on a phone, the current tab marked. */
export function TabStrip({ label, tabs }: { label: string; tabs: readonly (readonly [to: string, key: string])[] }) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the current tab may be past the edge: bring it into the strip's view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <nav ref={nav} aria-label={label} className="-mx-1 mb-6 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-neutral-200 px-1 dark:border-neutral-800">
        {tabs.map(([to, key]) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  '-mb-px flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                  isActive
                    ? 'border-accent-strong text-accent-strong dark:border-accent dark:text-accent'
                    : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
                )
              }
            >
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
