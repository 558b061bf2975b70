import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PublicLayout, StatusMessage } from '../pages/PublicLayout';

/** /request and /request/:token/upload/:id? — uploads into someone else's folder. */
export function RequestUploadPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <StatusMessage
        icon={<Inbox className="size-8" aria-hidden />}
        title={t('request.title')}
        description={t('request.unavailable')}
      />
    </PublicLayout>
  );
}
