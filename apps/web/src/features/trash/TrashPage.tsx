import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';

export function TrashPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Trash2 className="size-8" aria-hidden />}
      title={t('trash.empty_title')}
      description={t('trash.empty_description')}
    />
  );
}
