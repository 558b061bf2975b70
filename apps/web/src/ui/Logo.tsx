import { cn } from './cn';

/** The admin's images (config.logos): each a URL or null. */
export interface LogoImages {
  main: string | null;
  mainDark: string | null;
  horizontal: string | null;
  horizontalDark: string | null;
}

/** An image with its dark-mode variant: each shown in its theme; the light one in both without a dark one. */
function Themed({
  light,
  dark,
  alt,
  className,
}: {
  light: string;
  dark: string | null;
  alt: string;
  className: string;
}) {
  if (!dark) return <img src={light} alt={alt} className={className} />;
  return (
    <>
      <img src={light} alt={alt} className={cn(className, 'dark:hidden')} />
      <img src={dark} alt={alt} className={cn(className, 'hidden dark:block')} />
    </>
  );
}

/**
 * The product mark followed by the app name: the admin's horizontal logo instead of both when there
 * is one (not in `compact`), else their logo instead of the built-in folder shape.
 */
export function Logo({
  name,
  className,
  compact,
  logos,
}: {
  name: string;
  className?: string;
  compact?: boolean;
  logos?: LogoImages;
}) {
  if (logos?.horizontal && !compact) {
    return (
      <span className={cn('inline-flex min-w-0 items-center', className)} data-logo="horizontal">
        <Themed
          light={logos.horizontal}
          dark={logos.horizontalDark}
          alt={name}
          className="h-8 w-auto max-w-[12rem] object-contain object-left"
        />
      </span>
    );
  }
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2.5', className)}>
      {logos?.main ? (
        <Themed light={logos.main} dark={logos.mainDark} alt="" className="size-8 shrink-0 object-contain" />
      ) : (
        <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
          <rect width="32" height="32" rx="9" className="fill-accent-strong dark:fill-accent" />
          <path
            d="M8 11.5A2.5 2.5 0 0 1 10.5 9h3.6l2.2 2.4h5.2A2.5 2.5 0 0 1 24 13.9v7.6a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 8 21.5z"
            fill="white"
            className="dark:fill-neutral-950"
          />
        </svg>
      )}
      {!compact && (
        <span className="truncate text-lg font-bold tracking-tight text-neutral-900 dark:text-white">{name}</span>
      )}
    </span>
  );
}
