import { CreateFileRequestDialog } from '../../file-requests/owner/CreateFileRequestDialog';
import { ShareCreateDialog } from './ShareCreateDialog';
import { ShareEditDialog } from './ShareEditDialog';
import { StopSharingDialog } from './StopSharing';
import type { SharingDialog } from './store';

/** The popup asked for (see store.ts); one at a time. Loaded on demand. */
export default function SharingDialogsContent({ dialog }: { dialog: SharingDialog }) {
  switch (dialog.kind) {
    case 'share-create':
      return <ShareCreateDialog item={dialog.item} />;
    case 'share-edit':
      return <ShareEditDialog key={dialog.share.attributes.token} item={dialog.item} share={dialog.share} />;
    case 'stop-sharing':
      return <StopSharingDialog items={dialog.items} />;
    case 'file-request':
      return <CreateFileRequestDialog folderId={dialog.folderId} folderName={dialog.folderName} />;
  }
}
