import { useTranslation } from '../../lib/i18n';
import { useLocation, useScreen } from '../../app/routing';
import { ComingSoon } from '../../ui/ComingSoon';
import { adminSections, sectionOf } from './AdminLayout';

/** Admin screens whose features arrive later: routed and guarded now, plain about what they will do. */
export function AdminPlaceholder() {
  const { t } = useTranslation();
  const { title } = useScreen();
  const { pathname } = useLocation();
  const section = sectionOf(pathname) ?? adminSections[0];
  const Icon = section.icon;
  return (
    <ComingSoon
      icon={<Icon className="size-8" aria-hidden />}
      badge={t('soon.badge')}
      title={t(title ?? section.key)}
      description={section.soon ? t(section.soon) : ''}
    />
  );
}
