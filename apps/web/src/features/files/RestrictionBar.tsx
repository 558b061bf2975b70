import { TriangleAlert } from 'lucide-react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../app/routing';
import { useUser } from '../user/user.api';

/** Spec §2 restriction warning bar: why the account is limited, and where to fix it. */
export function RestrictionBar() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const r = user?.meta.restrictions;
  if (!r || (r.reason === null && r.canUpload && r.canCreateFolder && r.canDownload)) return null;
  return (
    <div
      role="status"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 sm:px-5 dark:border-amber-900/50 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <TriangleAlert className="size-4.5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
      <p className="min-w-0 flex-1">
        {r.reasonCode ? t(`billing.metered.restriction.${r.reasonCode}`) : (r.reason ?? t('files.restricted_default'))}
      </p>
      <Link
        to="/user/settings/billing"
        className="font-semibold whitespace-nowrap text-amber-900 underline underline-offset-2 hover:no-underline dark:text-amber-100"
      >
        {t('files.restricted_action')}
      </Link>
    </div>
  );
}
