import { Clock, FolderOpen, Link2, UploadCloud } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useUpload } from './useUpload';

export function FilesPage() {
  const { t } = useTranslation();
  const upload = useUpload();
  return (
    <EmptyState
      icon={<FolderOpen className="size-8" aria-hidden />}
      title={t('files.empty_title')}
      description={t('files.empty_description')}
      action={
        <Button onClick={upload} icon={<UploadCloud className="size-4" aria-hidden />}>
          {t('files.upload')}
        </Button>
      }
    />
  );
}

export function RecentUploadsPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Clock className="size-8" aria-hidden />}
      title={t('recent.empty_title')}
      description={t('recent.empty_description')}
    />
  );
}

export function MySharedItemsPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Link2 className="size-8" aria-hidden />}
      title={t('shared.empty_title')}
      description={t('shared.empty_description')}
    />
  );
}
