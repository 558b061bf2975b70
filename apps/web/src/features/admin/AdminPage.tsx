import type { ReactNode } from 'react';
import { Link } from '../../app/routing';
import { cn } from '../../ui/cn';

interface AdminPageProps {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title on wide screens, under it on phones: a create button, a refresh. */
  actions?: ReactNode;
  /** Above the title: the list this page belongs to (a user's page goes back to the users). */
  back?: { to: string; label: string };
  /** Before the title: a user's avatar. */
  media?: ReactNode;
  /** Between the header and the content: the section's tab strip (settings, payments, a user, a plan). */
  tabs?: ReactNode;
  children: ReactNode;
}

/**
 * The one layout of every admin screen (issue 41): the same content width, the same title block
 * (an h2 the size of a section title, its description, its actions), the tabs under it, and the
 * content below in cards or table panels spaced alike. The app's header already names the screen;
 * this block says what the page is for.
 */
export function AdminPage({ title, description, actions, back, media, tabs, children }: AdminPageProps) {
  return (
    <div data-admin-page className="mx-auto w-full max-w-5xl">
      {back && (
        <Link
          to={back.to}
          className="mb-3 inline-block text-sm font-medium text-accent-strong hover:underline dark:text-accent"
        >
          ← {back.label}
        </Link>
      )}
      <header className={cn('flex flex-wrap items-center justify-between gap-x-4 gap-y-3', tabs ? 'mb-4' : 'mb-6')}>
        <div className="flex min-w-0 flex-1 basis-64 items-center gap-4">
          {media}
          <div className="min-w-0 flex-1">
            <h2 className="text-xl font-semibold break-words text-neutral-900 dark:text-white">{title}</h2>
            {description && <div className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{description}</div>}
          </div>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      {tabs}
      <div className="space-y-6">{children}</div>
    </div>
  );
}

/** A rounded panel holding a table that scrolls sideways on narrow screens: every admin list. */
export function TablePanel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'max-w-[calc(100vw-2rem)] overflow-x-auto rounded-2xl bg-white ring-1 ring-neutral-200 md:max-w-none dark:bg-neutral-900 dark:ring-neutral-800',
        className,
      )}
    >
      <table className="w-full min-w-[36rem] text-left text-sm">{children}</table>
    </div>
  );
}

export const thClass = 'px-4 py-3 text-xs font-medium text-neutral-600 dark:text-neutral-400';
export const tdClass = 'px-4 py-3 text-neutral-800 dark:text-neutral-200';

/** What an empty admin list says, in the panel the table would be in. */
export function EmptyPanel({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl bg-white p-8 text-center text-sm text-neutral-600 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:text-neutral-400 dark:ring-neutral-800">
      {children}
    </p>
  );
}
