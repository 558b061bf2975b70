import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { afterFirstScreen } from '../lib/idle';
import { signal } from '../lib/signal';
import { cn } from './cn';
import { captureOpener, returnFocus } from './focus-return';

/*
 * Radix's dialog (with its focus trap, scroll lock and dismissal layer: some 8 KB gzipped) is in a
 * chunk of its own: no screen needs it for its first paint. It loads once the first screen has
 * settled (see afterFirstScreen), or at once when a dialog opens before that, which then shows as
 * soon as the chunk arrives.
 */
type Radix = typeof import('@radix-ui/react-dialog');
const radix = signal<Radix | null>(null);
let loading: Promise<void> | null = null;

function loadRadix(): Promise<void> {
  loading ??= import('@radix-ui/react-dialog').then(
    (module) => radix.set(module),
    (error: unknown) => {
      loading = null; // the next dialog to open tries again
      console.error(error);
    },
  );
  return loading;
}

/** Radix's dialog parts once loaded, else null (and they are asked for: now if `open`, else when idle). */
export function useRadixDialog(open: boolean): Radix | null {
  const current = radix.useValue();
  useEffect(() => {
    if (radix.get()) return;
    if (open) void loadRadix();
    else afterFirstScreen(() => void loadRadix());
  }, [open]);
  return current;
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Visually hide the title while keeping it as the dialog's accessible name. */
  hideTitle?: boolean;
  description?: ReactNode;
  closeLabel: string;
  children?: ReactNode;
  className?: string;
  position?: 'center' | 'top' | 'left';
}

const positions = {
  center: 'left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-[490px] -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  top: 'left-1/2 top-[12vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 rounded-2xl',
  left: 'inset-y-0 left-0 w-[min(20rem,88vw)] rounded-r-2xl',
};

/** Focus-trapping dialog with a dimming backdrop; Escape and a click outside close it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  closeLabel,
  children,
  className,
  position = 'center',
}: DialogProps) {
  const RadixDialog = useRadixDialog(open);
  // What opened the dialog gets focus back when it closes (see focus-return.ts).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = captureOpener();
  }, [open]);
  if (!RadixDialog) return null;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(opener.current);
          }}
          className={cn(
            'fixed z-50 bg-white shadow-2xl ring-1 ring-neutral-200 focus:outline-none dark:bg-neutral-900 dark:ring-neutral-800',
            'data-[state=open]:animate-[pop-in_160ms_ease-out]',
            positions[position],
            className,
          )}
        >
          <RadixDialog.Title
            className={hideTitle ? 'sr-only' : 'pr-10 text-lg font-semibold text-neutral-900 dark:text-white'}
          >
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
          <RadixDialog.Close
            aria-label={closeLabel}
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:hover:bg-neutral-800 dark:hover:text-white"
          >
            <X className="size-4.5" aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
