import { ChevronRight, Eye, EyeOff, FileText } from 'lucide-react';
import { Link } from '../../../app/routing';
import { formatDate, useDisplayTimezone } from '../../../lib/dates';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { AdminPage } from '../AdminPage';
import { useAdminPages } from './site.api';

/** /admin/pages: the legal pages (reference §12.3), each opening its editor. */
export function PagesListPage() {
  const { t } = useTranslation();
  useDisplayTimezone();
  const pages = useAdminPages();
  return (
    <AdminPage title={t('admin.pages.title')} description={t('admin.pages.description')}>
      {pages.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : pages.isError ? (
        <Notice tone="error">{errorMessage(t, pages.error)}</Notice>
      ) : (
        <ul className="divide-y divide-neutral-200 overflow-hidden rounded-2xl bg-white ring-1 ring-neutral-200 dark:divide-neutral-800 dark:bg-neutral-900 dark:ring-neutral-800">
          {pages.data.map(({ id, attributes: page }) => (
            <li key={id}>
              <Link
                to={`/admin/page/${page.slug}`}
                aria-label={t('admin.pages.edit_named', { title: page.title })}
                className="flex min-h-16 items-center gap-4 px-4 py-3 hover:bg-neutral-50 sm:px-5 dark:hover:bg-neutral-800/60"
              >
                <FileText className="size-5 shrink-0 text-neutral-500 dark:text-neutral-400" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-neutral-900 dark:text-white">{page.title}</span>
                  <span className="block text-sm text-neutral-500 dark:text-neutral-400">
                    /page/{page.slug} · {t('admin.pages.column_updated')}{' '}
                    <time dateTime={page.updated_at}>{formatDate(page.updated_at, 'day')}</time>
                  </span>
                </span>
                <span
                  className={
                    page.visibility
                      ? 'inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300'
                      : 'inline-flex items-center gap-1.5 rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300'
                  }
                >
                  {page.visibility ? (
                    <Eye className="size-3.5" aria-hidden />
                  ) : (
                    <EyeOff className="size-3.5" aria-hidden />
                  )}
                  {page.visibility ? t('admin.pages.visible') : t('admin.pages.hidden')}
                </span>
                <ChevronRight className="size-4 shrink-0 text-neutral-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
