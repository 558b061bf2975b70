import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { usePopups } from '../../lib/popups';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { useRadixDialog } from '../../ui/Dialog';

/**
 * Spec §2 overlays: the alert (danger) and success popups. The backdrop dims the page;
 * Escape, a click outside or the button closes it.
 */
export function AlertPopup() {
  const { t } = useTranslation();
  const popup = usePopups((s) => s.popup);
  const close = usePopups((s) => s.close);
  const danger = popup?.kind === 'alert';
  const buttonText = popup?.buttonText ?? (danger ? t('alerts.error_confirm') : t('alerts.success_confirm'));
  const RadixDialog = useRadixDialog(popup !== null);
  if (!RadixDialog) return null;
  return (
    <RadixDialog.Root open={popup !== null} onOpenChange={(open) => !open && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-[490px] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-2xl ring-1 ring-neutral-200 focus:outline-none sm:p-8 dark:bg-neutral-900 dark:ring-neutral-800"
        >
          <div
            className={cn(
              'mx-auto mb-4 flex size-14 items-center justify-center rounded-full',
              danger
                ? 'bg-red-100 text-red-600 dark:bg-red-950/60 dark:text-red-400'
                : 'bg-accent/12 text-accent-strong dark:bg-accent/15 dark:text-accent',
            )}
          >
            {danger ? <TriangleAlert className="size-7" aria-hidden /> : <CircleCheck className="size-7" aria-hidden />}
          </div>
          <RadixDialog.Title className="text-lg font-semibold text-neutral-900 dark:text-white">
            {popup?.title}
          </RadixDialog.Title>
          <RadixDialog.Description
            className={cn(
              'mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400',
              !popup?.message && 'sr-only',
            )}
          >
            {popup?.message ?? popup?.title}
          </RadixDialog.Description>
          <Button variant={danger ? 'danger' : 'primary'} block className="mt-6" onClick={close}>
            {buttonText}
          </Button>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
