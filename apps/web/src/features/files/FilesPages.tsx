import { Clock, FolderOpen, FolderPlus, UploadCloud } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useUploadActions } from '../uploads';
import { useItemActions } from './actions';
import { FileBrowser } from './browser/FileBrowser';
import { useCurrentFolderId } from './current-folder';
import { RestrictionBar } from './RestrictionBar';
import { UploadFab } from './UploadFab';

function FilesEmpty({ folderId }: { folderId: string | null }) {
  const { t } = useTranslation();
  const uploads = useUploadActions();
  const actions = useItemActions();
  return (
    <EmptyState
      icon={<FolderOpen className="size-8" aria-hidden />}
      title={folderId ? t('files.folder_empty_title') : t('files.empty_title')}
      description={folderId ? t('files.folder_empty_description') : t('files.empty_description')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => uploads.pickFiles()} icon={<UploadCloud className="size-4" aria-hidden />}>
            {t('files.upload_files')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => actions.createFolder(folderId)}
            icon={<FolderPlus className="size-4" aria-hidden />}
          >
            {t('files.new_folder')}
          </Button>
        </div>
      }
    />
  );
}

export function FilesPage() {
  const { t } = useTranslation();
  const folderId = useCurrentFolderId();
  return (
    <>
      <RestrictionBar />
      <FileBrowser
        kind="folder"
        context="files"
        folderId={folderId}
        label={t('nav.my_files')}
        empty={<FilesEmpty folderId={folderId} />}
      />
      <UploadFab folderId={folderId} />
    </>
  );
}

export function RecentUploadsPage() {
  const { t } = useTranslation();
  const uploads = useUploadActions();
  return (
    <>
      <RestrictionBar />
      <FileBrowser
        kind="latest"
        context="recent"
        folderId={null}
        label={t('nav.recent_uploads')}
        empty={
          <EmptyState
            icon={<Clock className="size-8" aria-hidden />}
            title={t('recent.empty_title')}
            description={t('recent.empty_description')}
            action={
              <Button onClick={() => uploads.pickFiles()} icon={<UploadCloud className="size-4" aria-hidden />}>
                {t('files.upload_files')}
              </Button>
            }
          />
        }
      />
      <UploadFab folderId={null} />
    </>
  );
}
