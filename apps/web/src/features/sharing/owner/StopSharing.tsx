import { Unlink } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/forms';
import { showAlert } from '../../../lib/popups';
import { Button } from '../../../ui/Button';
import type { Item } from '../../files/items';
import { DialogActions, SheetDialog } from './SheetDialog';
import { useRevokeShares, type Share } from './sharing.api';
import { useSharingDialogs } from './store';

interface Shared {
  item: Item;
  share: Share;
}

/** The confirmation's buttons: one call revokes every link of the selection. */
export function StopSharingConfirm({ items, onCancel }: { items: Shared[]; onCancel: () => void }) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const revoke = useRevokeShares();
  const count = items.length;
  const name = count === 1 ? items[0]!.item.attributes.name : '';
  const confirm = async () => {
    try {
      await revoke.mutateAsync(items.map((i) => i.share.attributes.token));
      close();
      toast.success(t('sharing.stopped', { count, name }));
    } catch (error) {
      close();
      showAlert(t('sharing.stop_failed'), errorMessage(t, error));
    }
  };
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel} autoFocus>
        {t('files.cancel')}
      </Button>
      <Button
        variant="danger"
        loading={revoke.isPending}
        onClick={() => void confirm()}
        icon={<Unlink className="size-4" aria-hidden />}
      >
        {t('sharing.stop_confirm', { count })}
      </Button>
    </DialogActions>
  );
}

/** From My shared items: stop sharing one item or the whole selection. */
export function StopSharingDialog({ items }: { items: Shared[] }) {
  const { t } = useTranslation();
  const close = useSharingDialogs((s) => s.close);
  const count = items.length;
  const name = count === 1 ? items[0]!.item.attributes.name : '';
  return (
    <SheetDialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('sharing.stop_title', { count, name })}
      description={t('sharing.stop_description', { count })}
      closeLabel={t('common.close')}
    >
      <StopSharingConfirm items={items} onCancel={close} />
    </SheetDialog>
  );
}
