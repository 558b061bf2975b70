import type { ComponentProps, ReactNode } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { cn } from '../../../ui/cn';

/**
 * A centred popup on larger screens and a bottom sheet on phones: full width, within thumb reach,
 * scrolling inside itself when the keyboard or a long form needs it.
 */
export const sheetClass = cn(
  'max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain p-6',
  'max-sm:top-auto max-sm:bottom-0 max-sm:left-0 max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0',
  'max-sm:max-h-[94dvh] max-sm:rounded-t-3xl max-sm:rounded-b-none max-sm:px-5 max-sm:pb-[max(1.5rem,env(safe-area-inset-bottom))]',
);

export function SheetDialog({ className, ...props }: Omit<ComponentProps<typeof Dialog>, 'position'>) {
  return <Dialog {...props} className={cn(sheetClass, className)} />;
}

/** A sticky foot's Cancel: hidden on phones, where the sheet's × closes it and one row fits. */
export const cancelClass = 'max-sm:hidden';

/**
 * Buttons at the foot of a popup: stacked full width on phones (primary on top), in a row
 * otherwise. `sticky` keeps them in view while a long form scrolls under them.
 */
export function DialogActions({
  children,
  className,
  sticky,
}: {
  children: ReactNode;
  className?: string;
  sticky?: boolean;
}) {
  return (
    <div
      className={cn(
        // Buttons that do not fit one row (German, Slovak) go to the next whole, never wrapping their label.
        'mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end',
        sticky &&
          'sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-neutral-200 bg-white px-6 pt-4 pb-6 dark:border-neutral-800 dark:bg-neutral-900',
        // On phones a sticky foot is one row (the sheet's × closes it): the main button takes the width.
        // Two that do not fit side by side stack, each the row's width (the main one grows most; its
        // basis stays its label's width, so it moves to a row of its own rather than wrapping).
        sticky &&
          'max-sm:-mx-5 max-sm:flex-row max-sm:flex-wrap max-sm:px-5 max-sm:pt-3 max-sm:[&>*]:flex-auto max-sm:[&>*:last-child]:grow-[3]',
        className,
      )}
    >
      {children}
    </div>
  );
}
