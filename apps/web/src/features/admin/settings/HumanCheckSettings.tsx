import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleDashed, CircleOff } from 'lucide-react';
import { z } from 'zod';
import { configQueryKey } from '../../../lib/config';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { useAdminSettings, useSaveAdminSetting, type AdminSettings } from './settings.api';

/** reCAPTCHA v3 on sign-up, sign-in, password recovery and the contact form (issue 15 point 7, ADR 0036). */
export function HumanCheckSettings() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  if (settings.isPending) return <PageSpinner label={t('common.loading')} />;
  if (settings.isError) return <Notice tone="error">{errorMessage(t, settings.error)}</Notice>;
  return <HumanCheckForm saved={settings.data} />;
}

function Status({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const complete = Boolean(saved.recaptcha_client_id) && saved.recaptcha_client_secret === true;
  const [Icon, text, tone] = !saved.allowed_recaptcha
    ? [CircleOff, t('admin.human_check.off'), 'text-neutral-600 dark:text-neutral-400']
    : complete
      ? [CheckCircle2, t('admin.human_check.active'), 'text-emerald-700 dark:text-emerald-400']
      : [CircleDashed, t('admin.human_check.incomplete'), 'text-amber-700 dark:text-amber-400'];
  return (
    <p role="status" className={`flex items-start gap-2 text-sm font-medium ${tone}`} data-human-check-status>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}

type Change = { name: string; value: string | number | boolean | null };

/** The minimum score is a number from 0 to 1; the secret, when typed, replaces the saved one. */
const humanCheckSchema = z.object({
  enabled: z.boolean(),
  siteKey: z.string().trim(),
  secret: z.string().trim(),
  score: z
    .string()
    .trim()
    .refine((value) => value !== '' && Number.isFinite(Number(value)) && Number(value) >= 0 && Number(value) <= 1, {
      message: 'admin.human_check.invalid_score',
    })
    .transform(Number),
});

function HumanCheckForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const save = useSaveAdminSetting();
  const secretSet = saved.recaptcha_client_secret === true;

  /** Writes each changed setting, then lets this tab's own configuration catch up. */
  const write = async (changes: Change[]) => {
    for (const change of changes) await save.mutateAsync(change);
    await client.invalidateQueries({ queryKey: configQueryKey });
  };

  const { form, onSubmit, field, error, setError, pending } = useApiForm({
    schema: humanCheckSchema,
    defaultValues: {
      enabled: saved.allowed_recaptcha === true,
      siteKey: typeof saved.recaptcha_client_id === 'string' ? saved.recaptcha_client_id : '',
      secret: '',
      score: typeof saved.recaptcha_min_score === 'number' ? String(saved.recaptcha_min_score) : '0.5',
    },
    mutationFn: ({ enabled, siteKey, secret, score }) => {
      const changes: Change[] = [];
      const key = siteKey || null;
      if (key !== (saved.recaptcha_client_id ?? null)) changes.push({ name: 'recaptcha_client_id', value: key });
      if (secret) changes.push({ name: 'recaptcha_client_secret', value: secret });
      if (score !== saved.recaptcha_min_score) changes.push({ name: 'recaptcha_min_score', value: score });
      // Switched on last, so the check never runs with a key of the form still unsaved.
      if (enabled !== saved.allowed_recaptcha) changes.push({ name: 'allowed_recaptcha', value: enabled });
      return write(changes);
    },
    onSuccess: (_result, _values, form) => {
      form.setValue('secret', '');
      toast.success(t('admin.human_check.saved'));
    },
  });
  const clear = useMutation({ mutationFn: () => write([{ name: 'recaptcha_client_secret', value: null }]) });
  const enabled = form.watch('enabled');

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('admin.human_check.title')}
        description={t('admin.human_check.description')}
        footer={
          <Button type="submit" loading={pending || clear.isPending}>
            {t('admin.human_check.save')}
          </Button>
        }
      >
        <div className="space-y-5">
          <Status saved={saved} />
          {error && <Notice tone="error">{error}</Notice>}
          <Switch
            label={t('admin.human_check.enable')}
            description={t('admin.human_check.enable_description')}
            {...form.register('enabled')}
          />
          <TextField
            label={t('admin.human_check.site_key')}
            autoComplete="off"
            spellCheck={false}
            hint={t('admin.human_check.site_key_hint')}
            {...field('siteKey')}
          />
          <TextField
            label={t('admin.human_check.secret')}
            type="password"
            autoComplete="new-password"
            placeholder={secretSet ? '••••••••••••' : undefined}
            hint={t(secretSet ? 'admin.human_check.secret_set' : 'admin.human_check.secret_unset')}
            {...field('secret')}
            action={
              secretSet ? (
                <button
                  type="button"
                  disabled={pending || clear.isPending}
                  onClick={() => {
                    setError(null);
                    clear.mutate(undefined, { onError: (caught) => setError(errorMessage(t, caught)) });
                  }}
                  className="text-sm font-medium text-red-700 hover:underline disabled:opacity-50 dark:text-red-400"
                >
                  {t('admin.human_check.clear_secret')}
                </button>
              ) : undefined
            }
          />
          <TextField
            label={t('admin.human_check.min_score')}
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.1}
            hint={t('admin.human_check.min_score_hint')}
            className="max-w-40"
            {...field('score')}
          />
          {enabled && <Notice tone="info">{t('admin.human_check.warning')}</Notice>}
        </div>
      </Card>
    </form>
  );
}
