import type { ReactNode } from 'react';
import { cn } from './cn';

/** The "Coming soon" pill: small beside a navigation entry, larger above a screen not built yet. */
export function SoonBadge({
  children,
  size = 'md',
  className,
}: {
  children: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full bg-amber-100 font-semibold tracking-wide text-amber-800 uppercase dark:bg-amber-400/15 dark:text-amber-300',
        size === 'sm' ? 'px-1.5 text-[10px] leading-4' : 'px-2 py-0.5 text-[11px] leading-4',
        className,
      )}
    >
      {children}
    </span>
  );
}

interface ComingSoonProps {
  icon: ReactNode;
  /** The pill's text, e.g. "Coming soon". */
  badge: string;
  title: string;
  /** One sentence of what the feature will do. */
  description: string;
  /** What works today instead, if anything: a link, never a button that does nothing. */
  hint?: string;
  action?: ReactNode;
}

/** A screen of a feature that isn't built yet: says so, says what it will do, offers only what works. */
export function ComingSoon({ icon, badge, title, description, hint, action }: ComingSoonProps) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center">
      <div className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-500 ring-1 ring-neutral-200 dark:bg-neutral-800/70 dark:text-neutral-400 dark:ring-neutral-700/70">
        {icon}
      </div>
      <SoonBadge>{badge}</SoonBadge>
      <h2 className="mt-3 text-lg font-semibold text-neutral-900 dark:text-neutral-100">{title}</h2>
      <p className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400">{description}</p>
      {hint && <p className="mt-4 text-sm leading-6 text-neutral-500 dark:text-neutral-400">{hint}</p>}
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}
