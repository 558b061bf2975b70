import { cn } from './cn';

/** The product mark: a folder shape on the accent colour, followed by the app name. */
export function Logo({ name, className, compact }: { name: string; className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2.5', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="9" className="fill-accent-strong dark:fill-accent" />
        <path
          d="M8 11.5A2.5 2.5 0 0 1 10.5 9h3.6l2.2 2.4h5.2A2.5 2.5 0 0 1 24 13.9v7.6a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 8 21.5z"
          fill="white"
          className="dark:fill-neutral-950"
        />
      </svg>
      {!compact && (
        <span className="truncate text-lg font-bold tracking-tight text-neutral-900 dark:text-white">{name}</span>
      )}
    </span>
  );
}
