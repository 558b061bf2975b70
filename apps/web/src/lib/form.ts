import { toNestErrors } from '@hookform/resolvers';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';
import { errorMessage } from './forms';
import { useTranslation, type TFunction } from './i18n';

/*
 * The one form pattern of the web app (ADR 0068): react-hook-form holds the values, a zod schema
 * (the contract's where one exists, refined for the screen) checks them before a round trip,
 * react-query's useMutation sends them, and this hook turns a refusal into field messages or the
 * form's banner. A form renders `field(name)` into a TextField, `pending` on its submit button and
 * `error` in a Notice; it writes no busy, error or validation state of its own.
 */

/** A zod issue as the resolver hands it over (the part this file reads). */
interface Issue {
  code: string;
  message?: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  format?: string;
  input?: unknown;
}

const CATALOGUE_KEY = /^[a-z_]+(\.[a-z0-9_]+)+$/;

/**
 * The reader's sentence for a zod issue. A schema may give a catalogue key as its message
 * ('validation.password_mismatch'; {{count}} is the issue's bound); without one, the sentence
 * follows the issue's kind; anything else keeps zod's or the schema's own sentence.
 */
export function issueText(t: TFunction, issue: Issue): string | undefined {
  if (issue.message && CATALOGUE_KEY.test(issue.message))
    return t(issue.message, { count: Number(issue.minimum ?? issue.maximum ?? 0), defaultValue: issue.message });
  if (issue.code === 'too_small' && issue.origin === 'string') {
    const min = Number(issue.minimum);
    if (min <= 1 || (typeof issue.input === 'string' && !issue.input.trim())) return t('validation.required');
    return t('validation.too_short', { count: min, defaultValue: t('validation.required') });
  }
  if (issue.code === 'too_big' && issue.origin === 'string')
    return t('validation.too_long', { count: Number(issue.maximum) });
  if (issue.code === 'invalid_format' && issue.format === 'email') return t('validation.email');
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null || issue.input === ''))
    return t('validation.required');
  return undefined; // zod's own (English) sentence, or the schema's message
}

/** A message on one field of a form. */
export interface FieldMessage<TValues extends FieldValues> {
  field: FieldPath<TValues>;
  message: string;
}

/**
 * A refused call's place in the form: a field with a message, several (a refusal that names more
 * than one field), or undefined (or none) for the banner.
 */
export type FieldForError<TValues extends FieldValues> = (
  error: unknown,
) => FieldMessage<TValues> | FieldMessage<TValues>[] | undefined;

export interface ApiFormOptions<TSchema extends z.ZodType<FieldValues, FieldValues>, TResult> {
  schema: TSchema;
  defaultValues: DefaultValues<z.input<TSchema>>;
  /** Sends the checked values (the schema's output). */
  mutationFn: (values: z.output<TSchema>) => Promise<TResult>;
  /** After a success; `form.reset()` here clears the fields. */
  onSuccess?: (
    result: TResult,
    values: z.output<TSchema>,
    form: UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>,
  ) => void;
  /** Puts a known refusal (say `auth.invalid_credentials`) on one field instead of the banner. */
  fieldForError?: FieldForError<z.input<TSchema>>;
  /**
   * The banner's sentence for a refusal that belongs to no field, where the screen words it itself
   * (say the server's own reason for a failed connection test); undefined keeps `errorMessage`'s.
   */
  bannerForError?: (error: unknown) => string | undefined;
  /** Anything else react-hook-form takes (mode, values kept in sync with a query…). */
  formOptions?: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver' | 'defaultValues'>;
}

export function useApiForm<TSchema extends z.ZodType<FieldValues, FieldValues>, TResult = unknown>(
  options: ApiFormOptions<TSchema, TResult>,
) {
  type Input = z.input<TSchema>;
  type Output = z.output<TSchema>;
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    // A corrected field loses its message at once; the others keep theirs until the next submit.
    reValidateMode: 'onChange',
    ...options.formOptions,
    defaultValues: options.defaultValues,
    resolver: schemaResolver<Input, Output>(options.schema, t),
  });
  const mutation = useMutation({ mutationFn: options.mutationFn });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await mutation.mutateAsync(values);
      options.onSuccess?.(result, values, form);
    } catch (caught) {
      const found = options.fieldForError?.(caught);
      const placed = found === undefined ? [] : Array.isArray(found) ? found : [found];
      if (placed.length) {
        placed.forEach(({ field, message }, index) =>
          form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
        );
        return;
      }
      // The server's own field messages (validation.failed) go beside their fields where the form has them.
      if (caught instanceof ApiError && caught.code === 'validation.failed') {
        const known = Object.keys(options.defaultValues ?? {});
        const fields = Object.entries(caught.errors).filter(([name]) => known.includes(name.split('.')[0]!));
        fields.forEach(([name, messages], index) =>
          form.setError(
            name as FieldPath<Input>,
            { type: 'server', message: messages[0] },
            { shouldFocus: index === 0 },
          ),
        );
        if (fields.length) return;
      }
      setError(options.bannerForError?.(caught) ?? errorMessage(t, caught));
    }
  });

  /** Props for a TextField (or SelectField, TextAreaField) bound to one value. */
  const field = (name: FieldPath<Input>) => {
    const message = readError(form.formState.errors, name);
    return { ...form.register(name), error: message };
  };

  return {
    form,
    onSubmit,
    field,
    /** The banner's sentence (a refusal that belongs to no field), or null. */
    error,
    setError,
    pending: form.formState.isSubmitting || mutation.isPending,
  };
}

/**
 * Checks the values with the schema and words every issue for the reader. (The resolvers package's
 * zodResolver hands a schema's own message over untranslated: zod gives a schema-level message
 * precedence over any error map passed to the parse.)
 */
function schemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<FieldValues, FieldValues>,
  t: TFunction,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as Output, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      flat[path] ??= { type: issue.code, message: issueText(t, issue) ?? issue.message };
    }
    return { values: {}, errors: toNestErrors<Input>(flat, options) };
  };
}

/** The message at a dotted path of react-hook-form's nested errors object. */
function readError(errors: object, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}
