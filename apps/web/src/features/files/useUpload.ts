import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useConfig } from '../../lib/config';
import { showAlert } from '../../lib/popups';
import { useUser } from '../user/user.api';

/**
 * Spec §5: uploads are refused while the account may not upload (metered and fixed plans say
 * uploading is temporarily disabled, none says the limit is exceeded). The upload engine arrives
 * with the files feature; until then the button says so instead of failing silently.
 */
export function useUpload() {
  const { t } = useTranslation();
  const config = useConfig();
  const { data: user } = useUser();
  return () => {
    const restrictions = user?.meta.restrictions;
    if (restrictions && !restrictions.canUpload) {
      const key = config.subscriptionType === 'none' ? 'files.upload_limit_exceeded' : 'files.upload_disabled';
      showAlert(t(`${key}_title`), restrictions.reason ?? t(`${key}_description`));
      return;
    }
    toast.info(t('files.upload_unavailable'));
  };
}
