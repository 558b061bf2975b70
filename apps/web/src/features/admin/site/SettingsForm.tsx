import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { configQueryKey } from '../../../lib/config';
import { errorMessage, focusFirstInvalid, serverFieldErrors, type FieldErrors } from '../../../lib/forms';
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
  const { t } = useTranslation();
  const client = useQueryClient();
  const save = useSaveAdminSetting();
  const fields = sections.flatMap((s) => s.fields);
  const initial = (from: AdminSettings) => Object.fromEntries(fields.map((f) => [f.name, asValue(f, from[f.name])]));
  const [values, setValues] = useState<Values>(() => initial(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setErrors({});
    setError(null);
    setBusy(true);
    let latest = saved;
    try {
      for (const field of fields) {
        const value = values[field.name];
        if (value === undefined || value === asValue(field, latest[field.name])) continue;
        latest = (await save.mutateAsync({ name: field.name, value })).data;
      }
      // What the server kept (homepage copy is cleaned) is what the form shows next.
      setValues(initial(latest));
      await Promise.all([
        client.invalidateQueries({ queryKey: configQueryKey }),
        client.invalidateQueries({ queryKey: ['homepage'] }),
      ]);
      toast.success(savedMessage);
    } catch (caught) {
      const byField = serverFieldErrors(caught);
      const named = Object.fromEntries(fields.filter((f) => byField[f.name]).map((f) => [f.name, byField[f.name]]));
      setErrors(named);
      setError(errorMessage(t, caught));
      focusFirstInvalid(form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
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
            {section.fields.map((field) =>
              field.kind === 'switch' ? (
                <Switch
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  description={field.hint}
                  checked={values[field.name] === true}
                  onChange={(e) => set(field.name, e.target.checked)}
                />
              ) : field.kind === 'text' ? (
                <TextField
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  hint={field.hint}
                  maxLength={field.maxLength}
                  placeholder={field.placeholder}
                  spellCheck={false}
                  value={String(values[field.name] ?? '')}
                  error={errors[field.name]}
                  onChange={(e) => set(field.name, e.target.value)}
                />
              ) : (
                <TextAreaField
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  hint={field.hint}
                  maxLength={field.maxLength}
                  rows={3}
                  value={String(values[field.name] ?? '')}
                  error={errors[field.name]}
                  onChange={(e) => set(field.name, e.target.value)}
                />
              ),
            )}
          </div>
        </section>
      ))}
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
