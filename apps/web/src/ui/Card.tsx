import type { ReactNode } from 'react';
import { cn } from './cn';

interface CardProps {
  title: string;
  description?: ReactNode;
  /** Actions under the body, separated by a rule (for example a form's submit button). */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Let the body take the height the card is given (a card stretched beside a taller one in a
   * grid): the card becomes a column and its body grows, so its content can fill it.
   */
  fill?: boolean;
}

/** A titled panel of the user and admin areas. */
export function Card({ title, description, footer, children, className, fill }: CardProps) {
  return (
    <section
      className={cn(
        'rounded-2xl bg-white ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800',
        fill && 'flex flex-col',
        className,
      )}
    >
      <div className={cn('p-5 sm:p-6', fill && 'flex flex-1 flex-col')}>
        <div className="mb-5">
          <h2 className="text-base font-semibold text-neutral-900 dark:text-white">{title}</h2>
          {description && (
            <p className="mt-1 text-sm leading-6 text-neutral-600 dark:text-neutral-400">{description}</p>
          )}
        </div>
        {children}
      </div>
      {footer && (
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-neutral-200 px-5 py-4 sm:px-6 dark:border-neutral-800">
          {footer}
        </div>
      )}
    </section>
  );
}
