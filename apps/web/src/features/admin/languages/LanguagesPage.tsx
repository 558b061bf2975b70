import type { LanguageResource, LanguagesResponse } from '@filestore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Star } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { configQueryKey, useConfig } from '../../../lib/config';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { switchLanguage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { useUser } from '../../user/user.api';
import { useCreateLanguage, useDeleteLanguage, useLanguages, useUpdateLanguage } from './languages.api';
import { AdminPage } from '../AdminPage';
import { StringsEditor } from './StringsEditor';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/**
 * /admin/language (issue 16 point 5, ADR 0044): the installed languages (add, rename, delete, the
 * default) above the strings editor of the one chosen.
 */
export function LanguagesPage() {
  const { t } = useTranslation();
  const languages = useLanguages();
  const [chosen, setChosen] = useState<string | null>(null);
  const page = (children: ReactNode) => (
    <AdminPage title={t('admin.languages.title')} description={t('admin.languages.description')}>
      {children}
    </AdminPage>
  );
  if (languages.isPending) return page(<PageSpinner label={t('common.loading')} />);
  if (languages.isError) return page(<Notice tone="error">{errorMessage(t, languages.error)}</Notice>);
  const list = languages.data.data;
  // The one chosen, else the first that is not English (what there is to translate), else English.
  const current = list.find((l) => l.id === chosen) ?? list.find((l) => l.locale !== 'en') ?? list[0] ?? null;
  return page(
    <>
      <LanguageList answer={languages.data} current={current} onChoose={setChosen} />
      {current && <StringsEditor key={current.id} language={current} />}
    </>,
  );
}

type Dialogs = { kind: 'add' } | { kind: 'rename' | 'delete'; language: LanguageResource } | null;

function LanguageList({
  answer,
  current,
  onChoose,
}: {
  answer: LanguagesResponse;
  current: LanguageResource | null;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const update = useUpdateLanguage();
  const client = useQueryClient();
  const config = useConfig();
  const { data: user } = useUser();

  const makeDefault = async (language: LanguageResource) => {
    try {
      await update.mutateAsync({ id: language.id, default: true });
      toast.success(t('admin.languages.default_set', { name: language.name }));
      // An administrator who chose no language of their own reads the new default at once.
      if (!user?.relationships.settings.data.attributes.language && config.locale !== language.locale) {
        client.setQueryData(configQueryKey, { ...config, locale: language.locale });
        await switchLanguage(language.locale);
      }
    } catch (error) {
      toast.error(errorMessage(t, error));
    }
  };

  return (
    <Card title={t('admin.languages.installed')}>
      <ul className="divide-y divide-neutral-200 dark:divide-neutral-800" data-language-list>
        {answer.data.map((language) => {
          const editing = current?.id === language.id;
          return (
            <li
              key={language.id}
              data-locale={language.locale}
              className="flex flex-col gap-3 py-3 first:pt-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-neutral-900 dark:text-white">{language.name}</span>
                  <code className="text-xs text-neutral-500 dark:text-neutral-400">{language.locale}</code>
                  {language.is_default && (
                    <span
                      className={cn(badge, 'gap-1 bg-accent/10 text-accent-strong dark:bg-accent/15 dark:text-accent')}
                    >
                      <Star className="size-3" aria-hidden />
                      {t('admin.languages.default_badge')}
                    </span>
                  )}
                </p>
                <p className="mt-0.5 text-sm text-neutral-600 dark:text-neutral-400">
                  {t(language.built_in ? 'admin.languages.built_in' : 'admin.languages.no_built_in')}
                  {language.edited > 0 && ` · ${t('admin.languages.edited', { count: language.edited })}`}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant={editing ? 'primary' : 'secondary'}
                  className="min-h-9 px-3"
                  aria-pressed={editing}
                  onClick={() => onChoose(language.id)}
                >
                  {t(editing ? 'admin.languages.editing' : 'admin.languages.edit_strings')}
                </Button>
                <Button
                  variant="ghost"
                  className="min-h-9 px-3"
                  onClick={() => setDialog({ kind: 'rename', language })}
                >
                  {t('admin.languages.rename')}
                </Button>
                {!language.is_default && (
                  <Button
                    variant="ghost"
                    className="min-h-9 px-3"
                    loading={update.isPending && update.variables?.id === language.id}
                    onClick={() => void makeDefault(language)}
                  >
                    {t('admin.languages.make_default')}
                  </Button>
                )}
                {language.locale !== 'en' && !language.is_default && (
                  <Button
                    variant="ghost"
                    className="min-h-9 px-3 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-400/10"
                    onClick={() => setDialog({ kind: 'delete', language })}
                  >
                    {t('admin.languages.delete')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button
          variant="secondary"
          icon={<Plus className="size-4" aria-hidden />}
          onClick={() => setDialog({ kind: 'add' })}
        >
          {t('admin.languages.add')}
        </Button>
      </div>
      <AddLanguageDialog
        open={dialog?.kind === 'add'}
        onClose={() => setDialog(null)}
        answer={answer}
        onAdded={onChoose}
      />
      <RenameDialog language={dialog?.kind === 'rename' ? dialog.language : null} onClose={() => setDialog(null)} />
      <DeleteDialog language={dialog?.kind === 'delete' ? dialog.language : null} onClose={() => setDialog(null)} />
    </Card>
  );
}

const OTHER = '__other';

/** A built-in language chosen (empty: the first offered), or another one's code typed; an optional name. */
const addSchema = (fallback: string) =>
  z
    .object({ choice: z.string(), locale: z.string().trim(), name: z.string().trim().max(60) })
    .superRefine((values, ctx) => {
      if ((values.choice || fallback) === OTHER && !values.locale)
        ctx.addIssue({ code: 'custom', path: ['locale'], message: 'validation.required' });
    })
    .transform(({ choice, locale, name }) => ({
      locale: (choice || fallback) === OTHER ? locale : choice || fallback,
      name,
    }));

function AddLanguageDialog({
  open,
  onClose,
  answer,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  answer: LanguagesResponse;
  onAdded: (id: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateLanguage();
  const installed = new Set(answer.data.map((l) => l.locale));
  const available = answer.meta.built_in.filter((l) => !installed.has(l.locale));
  const fallback = available[0]?.locale ?? OTHER;
  const schema = useMemo(() => addSchema(fallback), [fallback]);
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { choice: '', locale: '', name: '' },
    mutationFn: ({ locale, name }) => create.mutateAsync({ locale, ...(name ? { name } : {}) }),
    onSuccess: ({ data }, _values, form) => {
      toast.success(t('admin.languages.added', { name: data.name }));
      onAdded(data.id);
      form.reset();
      onClose();
    },
  });
  const selected = form.watch('choice') || available[0]?.locale || OTHER;
  // The select shows `selected` (the first language offered until one is picked): the form's ref
  // writes its empty default into the select, which then showed no language at all.
  const choiceField = field('choice');
  const choiceRef = (select: HTMLSelectElement | null) => {
    choiceField.ref(select);
    if (select && select.selectedIndex < 0) select.value = selected;
  };

  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('admin.languages.add')}
      description={t('admin.languages.add_description')}
      closeLabel={t('admin.languages.close')}
      className="p-6"
    >
      <form className="mt-5 space-y-4" onSubmit={onSubmit} noValidate>
        {error && <Notice tone="error">{error}</Notice>}
        <SelectField
          label={t('admin.languages.choose')}
          {...{ ...choiceField, ref: choiceRef }}
          value={selected}
          options={[
            ...available.map((l) => ({ value: l.locale, label: `${l.name} (${l.locale})` })),
            { value: OTHER, label: t('admin.languages.other') },
          ]}
        />
        {selected === OTHER && (
          <TextField
            label={t('admin.languages.code')}
            autoComplete="off"
            spellCheck={false}
            hint={t('admin.languages.code_hint')}
            {...field('locale')}
          />
        )}
        <TextField
          label={t('admin.languages.name')}
          autoComplete="off"
          placeholder={available.find((l) => l.locale === selected)?.name}
          hint={t('admin.languages.name_hint')}
          maxLength={60}
          {...field('name')}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={close}>
            {t('admin.languages.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('admin.languages.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const renameSchema = z.object({ name: z.string().trim().min(1).max(60) });

function RenameDialog({ language, onClose }: { language: LanguageResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateLanguage();
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema: renameSchema,
    defaultValues: { name: '' },
    // The dialog opens on the language's current name.
    formOptions: { values: { name: language?.name ?? '' } },
    mutationFn: ({ name }) => update.mutateAsync({ id: language!.id, name }),
    onSuccess: (_result, { name }) => {
      toast.success(t('admin.languages.renamed', { name }));
      close();
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog
      open={language !== null}
      onOpenChange={(next) => !next && close()}
      title={t('admin.languages.rename_title', { name: language?.name ?? '' })}
      closeLabel={t('admin.languages.close')}
      className="p-6"
    >
      <form className="mt-5 space-y-4" onSubmit={onSubmit} noValidate>
        {error && <Notice tone="error">{error}</Notice>}
        <TextField label={t('admin.languages.name')} autoComplete="off" maxLength={60} {...field('name')} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={close}>
            {t('admin.languages.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('admin.languages.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ language, onClose }: { language: LanguageResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteLanguage();
  const [error, setError] = useState<string>();
  const close = () => {
    setError(undefined);
    onClose();
  };
  const confirm = async () => {
    if (!language) return;
    try {
      await remove.mutateAsync(language.id);
      toast.success(t('admin.languages.deleted', { name: language.name }));
      close();
    } catch (caught) {
      setError(errorMessage(t, caught));
    }
  };
  return (
    <Dialog
      open={language !== null}
      onOpenChange={(next) => !next && close()}
      title={t('admin.languages.delete_title', { name: language?.name ?? '' })}
      description={t('admin.languages.delete_description')}
      closeLabel={t('admin.languages.close')}
      className="p-6"
    >
      {error && (
        <div className="mt-4">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="ghost" onClick={close}>
          {t('admin.languages.cancel')}
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
          {t('admin.languages.delete')}
        </Button>
      </div>
    </Dialog>
  );
}
