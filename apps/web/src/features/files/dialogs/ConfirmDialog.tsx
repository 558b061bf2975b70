import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/**
 * A destructive confirmation: Cancel, and the danger button that runs `onConfirm` with a spinner
 * until it settles. The files and the teams dialogs both use it, each with its own store's close.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  focusCancel = false,
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** Focus Cancel first (the teams' dissolve and leave, which cannot be undone). */
  focusCancel?: boolean;
  /** What the person should know before confirming, under the description (a warning). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // The call's own state drives the spinner (ADR 0068): no busy flag of this dialog's.
  const confirm = useMutation({ mutationFn: onConfirm });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
      closeLabel={t('common.close')}
      className="p-6"
    >
      {children && <div className="mt-4">{children}</div>}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} autoFocus={focusCancel}>
          {t('files.cancel')}
        </Button>
        <Button variant="danger" loading={confirm.isPending} onClick={() => confirm.mutate()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
