import { Trash2 } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { useParams } from '../../app/routing';
import { EmptyState } from '../../ui/EmptyState';
import { FileBrowser } from '../files/browser/FileBrowser';
import { RestrictionBar } from '../files/RestrictionBar';

/** Trashed items; a trashed folder opens here (at /platform/trash/<id>) to show what was in it. */
export function TrashPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <>
      {/* A full account frees space here, so the reason stays in sight. */}
      <RestrictionBar />
      <FileBrowser
        kind="trash"
        context="trash"
        folderId={id ?? null}
        label={t('nav.trash')}
        empty={
          <EmptyState
            icon={<Trash2 className="size-8" aria-hidden />}
            title={id ? t('trash.folder_empty_title') : t('trash.empty_title')}
            description={id ? t('trash.folder_empty_description') : t('trash.empty_description')}
          />
        }
      />
    </>
  );
}
