import { FileWarning } from 'lucide-react';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import { useTranslation } from '../../lib/i18n';
import { useParams } from '../../app/routing';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { NotFoundMessage } from './NotFoundPage';
import { usePage } from './pages.api';
import { PublicLayout, StatusMessage } from './PublicLayout';

const articleClass = 'mx-auto w-full max-w-[68ch] py-10 sm:py-16';

/** /page/:slug: a legal or information page the administrator wrote in Markdown. */
export function DynamicPage() {
  const { t } = useTranslation();
  useDisplayTimezone();
  const { slug = '' } = useParams();
  const query = usePage(slug);

  if (query.isPending) {
    return (
      <PublicLayout>
        <PageSkeleton label={t('common.loading')} />
      </PublicLayout>
    );
  }
  if (query.isError) {
    // 422 is a slug the server refuses outright: to the visitor it is just as missing.
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 422);
    return (
      <PublicLayout>
        {missing ? (
          <NotFoundMessage />
        ) : (
          <StatusMessage
            icon={<FileWarning className="size-8" aria-hidden />}
            title={t('page.load_failed')}
            description={errorMessage(t, query.error)}
            action={
              <Button onClick={() => void query.refetch()} loading={query.isFetching}>
                {t('common.try_again')}
              </Button>
            }
          />
        )}
      </PublicLayout>
    );
  }

  const page = query.data;
  const updated = formatDate(page.updated_at, 'day') || null;
  return (
    <PublicLayout>
      <article className={articleClass}>
        {!page.visibility && (
          <Notice tone="info" className="mb-8">
            {t('page.hidden_notice')}
          </Notice>
        )}
        <header className="border-b border-neutral-200 pb-6 dark:border-neutral-800">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-neutral-900 sm:text-4xl dark:text-white">
            {page.title}
          </h1>
          {updated && (
            <p className="mt-3 text-sm text-neutral-500 dark:text-neutral-400">
              <time dateTime={page.updated_at}>{t('page.updated', { date: updated })}</time>
            </p>
          )}
        </header>
        {/* Rendered from Markdown and sanitised by the server (lib/html.ts): no script or javascript: link. */}
        <div className="rich-text mt-8" dangerouslySetInnerHTML={{ __html: page.content_html }} />
      </article>
    </PublicLayout>
  );
}

/** Same footprint as the article, so nothing jumps when the text arrives. */
function PageSkeleton({ label }: { label: string }) {
  const bar = 'rounded-md bg-neutral-200/80 dark:bg-neutral-800';
  return (
    <div className={articleClass} role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <div className="animate-pulse motion-reduce:animate-none" aria-hidden>
        <div className="border-b border-neutral-200 pb-6 dark:border-neutral-800">
          <div className={`${bar} h-9 w-2/3 sm:h-10`} />
          <div className={`${bar} mt-4 h-4 w-40`} />
        </div>
        <div className="mt-8 space-y-3">
          {['w-full', 'w-11/12', 'w-4/5', 'w-full', 'w-3/4', 'w-full', 'w-2/3'].map((width, index) => (
            <div key={index} className={`${bar} h-4 ${width} ${index === 3 ? 'mt-7' : ''}`} />
          ))}
        </div>
      </div>
    </div>
  );
}
