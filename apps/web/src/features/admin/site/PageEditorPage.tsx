import { PAGE_CONTENT_MAX, PAGE_TITLE_MAX, type PageAttributes } from '@filestore/contract';
import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { Link, useParams } from '../../../app/routing';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { TextAreaField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { AdminPage } from '../AdminPage';
import { previewMarkdown, useAdminPage, useSavePage } from './site.api';

const PREVIEW_DELAY_MS = 300;

/** /admin/page/:slug: title, visibility and the Markdown text with its live preview. */
export function PageEditorPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const page = useAdminPage(slug);
  if (page.isSuccess) return <PageEditor key={page.data.updated_at} saved={page.data} />;
  return (
    <AdminPage back={{ to: '/admin/pages', label: t('admin.pages.back') }} title={t('admin.titles.edit_page')}>
      {page.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : (
        <Notice tone="error">{errorMessage(t, page.error)}</Notice>
      )}
    </AdminPage>
  );
}

function usePreview(content: string, initial: string) {
  const [html, setHtml] = useState(initial);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewMarkdown(content, controller.signal).then(setHtml, () => {});
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content]);
  return html;
}

/** A page's title (trimmed), its Markdown text and whether it is shown. */
const pageSchema = z.object({
  title: z.string().trim().min(1).max(PAGE_TITLE_MAX),
  content: z.string().max(PAGE_CONTENT_MAX),
  visibility: z.boolean(),
});

export function PageEditor({ saved }: { saved: PageAttributes }) {
  const { t } = useTranslation();
  const save = useSavePage(saved.slug);
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema: pageSchema,
    defaultValues: { title: saved.title, content: saved.content, visibility: saved.visibility },
    mutationFn: (values) => save.mutateAsync(values),
    onSuccess: () => toast.success(t('admin.pages.saved')),
  });
  const [title, content, visibility] = form.watch(['title', 'content', 'visibility']);
  const preview = usePreview(content, saved.content_html);
  const changed = title !== saved.title || content !== saved.content || visibility !== saved.visibility;
  const formId = useId();

  return (
    <AdminPage
      back={{ to: '/admin/pages', label: t('admin.pages.back') }}
      title={t('admin.pages.edit_named', { title: saved.title })}
      actions={
        <>
          <Link
            to={`/page/${saved.slug}`}
            className="inline-flex min-h-10 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
          >
            <ExternalLink className="size-4" aria-hidden />
            {t('admin.pages.view')}
          </Link>
          <Button type="submit" form={formId} loading={pending}>
            {t('admin.pages.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-6">
        {error && <Notice tone="error">{error}</Notice>}
        {changed && !error && (
          <p className="text-sm text-amber-700 dark:text-amber-400" role="status">
            {t('admin.pages.unsaved')}
          </p>
        )}
        <div className="grid gap-5 rounded-2xl bg-white p-5 ring-1 ring-neutral-200 sm:p-6 dark:bg-neutral-900 dark:ring-neutral-800">
          <TextField label={t('admin.pages.field_title')} maxLength={PAGE_TITLE_MAX} {...field('title')} />
          <Switch
            label={t('admin.pages.field_visibility')}
            description={t('admin.pages.visibility_hint')}
            {...form.register('visibility')}
          />
        </div>
        <div className="grid gap-5 lg:grid-cols-2">
          <TextAreaField
            label={t('admin.pages.field_content')}
            rows={22}
            maxLength={PAGE_CONTENT_MAX}
            spellCheck
            hint={t('admin.pages.content_hint')}
            className="font-mono text-sm"
            {...field('content')}
          />
          <section aria-labelledby="page-preview" className="min-w-0 space-y-1.5">
            <h3 id="page-preview" className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
              {t('admin.pages.preview')}
            </h3>
            <div className="max-h-[42rem] overflow-y-auto rounded-xl bg-white p-5 ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-800">
              <p className="mb-6 text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">{title}</p>
              {preview ? (
                // Sanitised by the server (POST /api/admin/pages/preview).
                <div className="rich-text" data-page-preview dangerouslySetInnerHTML={{ __html: preview }} />
              ) : (
                <p className="text-sm text-neutral-500">{t('admin.pages.preview_empty')}</p>
              )}
            </div>
          </section>
        </div>
      </form>
    </AdminPage>
  );
}
