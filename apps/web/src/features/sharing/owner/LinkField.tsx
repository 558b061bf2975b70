import { Copy, Lock, LockOpen } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { copyText } from './clipboard';

/** Copies a link and says so; when the browser refuses, selects it for Ctrl/Cmd+C. */
export function useCopyLink() {
  const { t } = useTranslation();
  return async (link: string, select?: () => void) => {
    if (await copyText(link)) toast.success(t('sharing.link_copied'));
    else {
      select?.();
      toast.info(t('sharing.copy_manually'));
    }
  };
}

interface LinkFieldProps {
  link: string;
  label: string;
  /** Hide the label visually (the panel shows its own heading). */
  hideLabel?: boolean;
  /** Shows a lock (protected) or an open lock in front of the field. */
  locked?: boolean;
  compact?: boolean;
  /** Put focus on Copy (when the popup turns from the form into the result). */
  focusCopy?: boolean;
  /** Shown after the field (the edit popup's QR button). */
  trailing?: ReactNode;
}

/** The link in a read-only field (selected whole on focus) with a Copy button. */
export function LinkField({ link, label, hideLabel, locked, compact, focusCopy, trailing }: LinkFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = useCopyLink();
  const select = () => {
    input.current?.focus();
    input.current?.select();
  };
  const LockIcon = locked ? Lock : LockOpen;
  return (
    <div className="min-w-0">
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-neutral-800 dark:text-neutral-200'}
      >
        {label}
      </label>
      <div className="flex min-w-0 items-center gap-2">
        {locked !== undefined && (
          <LockIcon
            className="size-4.5 shrink-0 text-neutral-500 dark:text-neutral-400"
            role="img"
            aria-label={locked ? t('sharing.protected') : t('sharing.not_protected')}
          />
        )}
        <div
          className={cn(
            'flex min-w-0 flex-1 items-center rounded-xl bg-neutral-100 ring-1 ring-neutral-200 ring-inset has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-accent dark:bg-neutral-800/70 dark:ring-neutral-700',
            compact ? 'pl-3' : 'pl-3.5',
          )}
        >
          <input
            ref={input}
            id={id}
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            spellCheck={false}
            className={cn(
              'min-w-0 flex-1 truncate bg-transparent text-neutral-900 outline-none dark:text-neutral-100',
              compact ? 'h-11 text-sm' : 'h-12 text-[15px]',
            )}
          />
          {compact ? (
            <button
              type="button"
              onClick={() => void copy(link, select)}
              aria-label={t('sharing.copy_link')}
              title={t('sharing.copy_link')}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-neutral-600 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-300 dark:hover:text-white"
            >
              <Copy className="size-4.5" aria-hidden />
            </button>
          ) : (
            <Button
              autoFocus={focusCopy}
              onClick={() => void copy(link, select)}
              icon={<Copy className="size-4" aria-hidden />}
              className="m-1 min-h-10 shrink-0 px-3.5"
            >
              {t('sharing.copy')}
            </Button>
          )}
        </div>
        {trailing}
      </div>
    </div>
  );
}
