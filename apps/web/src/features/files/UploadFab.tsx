import { Plus } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { DropdownMenu } from '../../ui/Menu';
import { useItemActions } from './actions';
import { useBrowser } from './browser/store';

/** Phones: an always visible button for upload files, upload folder and new folder. */
export function UploadFab({ folderId }: { folderId: string | null }) {
  const { t } = useTranslation();
  const actions = useItemActions();
  const hidden = useBrowser((s) => s.selected.size > 0);
  if (hidden) return null;
  return (
    <div className="fixed right-4 bottom-[calc(1.25rem+var(--overlay-bottom,0px)+var(--upload-panel-height,0px))] z-20 md:hidden">
      <DropdownMenu
        side="top"
        align="end"
        actions={() => actions.uploadMenu(folderId)}
        trigger={
          <button
            type="button"
            aria-label={t('files.add')}
            className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent-strong text-white shadow-lg shadow-accent/30 transition active:scale-95 dark:bg-accent dark:text-neutral-950"
          >
            <Plus className="size-6" strokeWidth={2.5} aria-hidden />
          </button>
        }
      />
    </div>
  );
}
