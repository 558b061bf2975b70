import { Wrench } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { useScreen } from '../../app/routing';
import { EmptyState } from '../../ui/EmptyState';

/** Admin screens whose features arrive later: routed and guarded now, honest about their state. */
export function AdminPlaceholder() {
  const { t } = useTranslation();
  const { title } = useScreen();
  return (
    <EmptyState
      icon={<Wrench className="size-8" aria-hidden />}
      title={title ? t(title) : t('admin.placeholder.title')}
      description={t('admin.placeholder.description')}
    />
  );
}
