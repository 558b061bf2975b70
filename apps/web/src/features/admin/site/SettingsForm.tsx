import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, type ReactNode } from 'react';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { configQueryKey } from '../../../lib/config';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { TextAreaField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { useAdminSettings, useSaveAdminSetting, type AdminSettings } from '../settings/settings.api';

export type Values = Record<string, string | boolean>;

/** A field of a settings tab: a switch, a line or a few lines of text, named as the setting is. */
export type FieldSpec =
  | { kind: 'switch'; name: string; label: string; hint?: string }
  | { kind: 'text' | 'textarea'; name: string; label: string; hint?: string; maxLength?: number; placeholder?: string };

export interface SectionSpec {
  title: string;
  description?: ReactNode;
  fields: FieldSpec[];
}

const asValue = (field: FieldSpec, value: unknown): string | boolean =>
  field.kind === 'switch' ? value === true : typeof value === 'string' ? value : '';

/**
 * A settings tab of several sections saved by one button: each changed setting is written in turn
 * (`PATCH /api/admin/settings {name, value}`), and a refused one shows the server's message under
 * its own field. The public configuration and the homepage are read again after a save.
 */
export function SettingsForm({
  sections,
  submitLabel,
  savedMessage,
  aside,
}: {
  sections: SectionSpec[];
  submitLabel: string;
  savedMessage: string;
  aside?: (values: Values) => ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  if (settings.isPending) return <PageSpinner label={t('common.loading')} />;
  if (settings.isError) return <Notice tone="error">{errorMessage(t, settings.error)}</Notice>;
  return (
    <Form
      saved={settings.data}
      sections={sections}
      submitLabel={submitLabel}
      savedMessage={savedMessage}
      aside={aside}
    />
  );
}

function Form({
  saved,
  sections,
  submitLabel,
  savedMessage,
  aside,
}: {
  saved: AdminSettings;
  sections: SectionSpec[];
  submitLabel: string;
  savedMessage: string;
  aside?: (values: Values) => ReactNode;
}) {
  const client = useQueryClient();
  const save = useSaveAdminSetting();
  const fields = sections.flatMap((s) => s.fields);
  const initial = (from: AdminSettings): Values =>
    Object.fromEntries(fields.map((f) => [f.name, asValue(f, from[f.name])]));
  /** The setting being written: a refusal of its value goes under its field. */
  const writing = useRef<string | null>(null);
  const schema = useMemo(
    () =>
      z.object(
        Object.fromEntries(
          fields.map((f) => [f.name, f.kind === 'switch' ? z.boolean() : z.string().max(f.maxLength ?? 100_000)]),
        ),
      ),
    // The sections are written inline by each tab: the same fields on every render.
    [],
  );
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: initial(saved),
    mutationFn: async (values) => {
      let latest = saved;
      for (const f of fields) {
        const value = values[f.name];
        if (value === undefined || value === asValue(f, latest[f.name])) continue;
        writing.current = f.name;
        latest = (await save.mutateAsync({ name: f.name, value })).data;
      }
      writing.current = null;
      return latest;
    },
    onSuccess: (latest, _values, form) => {
      // What the server kept (homepage copy is cleaned) is what the form shows next.
      form.reset(initial(latest));
      void Promise.all([
        client.invalidateQueries({ queryKey: configQueryKey }),
        client.invalidateQueries({ queryKey: ['homepage'] }),
      ]).then(() => toast.success(savedMessage));
    },
    fieldForError: (caught) => {
      const name = writing.current;
      if (!(caught instanceof ApiError) || caught.code !== 'validation.failed' || !name) return undefined;
      const message = caught.errors[name]?.[0] ?? caught.errors.value?.[0];
      return message ? { field: name, message } : undefined;
    },
  });
  const values = form.watch();

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {error && <Notice tone="error">{error}</Notice>}
      {aside?.(values)}
      {sections.map((section) => (
        <section
          key={section.title}
          className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200 sm:p-6 dark:bg-neutral-900 dark:ring-neutral-800"
        >
          <h3 className="text-base font-semibold text-neutral-900 dark:text-white">{section.title}</h3>
          {section.description && (
            <p className="mt-1 text-sm leading-6 text-neutral-600 dark:text-neutral-400">{section.description}</p>
          )}
          <div className="mt-5 space-y-5">
            {section.fields.map((spec) =>
              spec.kind === 'switch' ? (
                <Switch key={spec.name} label={spec.label} description={spec.hint} {...form.register(spec.name)} />
              ) : spec.kind === 'text' ? (
                <TextField
                  key={spec.name}
                  label={spec.label}
                  hint={spec.hint}
                  maxLength={spec.maxLength}
                  placeholder={spec.placeholder}
                  spellCheck={false}
                  {...field(spec.name)}
                />
              ) : (
                <TextAreaField
                  key={spec.name}
                  label={spec.label}
                  hint={spec.hint}
                  maxLength={spec.maxLength}
                  rows={3}
                  {...field(spec.name)}
                />
              ),
            )}
          </div>
        </section>
      ))}
      <div className="flex justify-end">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
