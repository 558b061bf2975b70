import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleDashed, CircleOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { configQueryKey } from '../../../lib/config';
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

function HumanCheckForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const save = useSaveAdminSetting();
  const [enabled, setEnabled] = useState(saved.allowed_recaptcha === true);
  const [siteKey, setSiteKey] = useState(
    typeof saved.recaptcha_client_id === 'string' ? saved.recaptcha_client_id : '',
  );
  const [secret, setSecret] = useState('');
  const [score, setScore] = useState(
    typeof saved.recaptcha_min_score === 'number' ? String(saved.recaptcha_min_score) : '0.5',
  );
  const [scoreError, setScoreError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secretSet = saved.recaptcha_client_secret === true;

  /** Writes each changed setting, then lets this tab's own configuration catch up. */
  const write = async (changes: Array<{ name: string; value: string | number | boolean | null }>) => {
    setError(null);
    setBusy(true);
    try {
      for (const change of changes) await save.mutateAsync(change);
      await client.invalidateQueries({ queryKey: configQueryKey });
      return true;
    } catch (caught) {
      setError(errorMessage(t, caught));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minScore = Number(score);
    const invalid = score.trim() === '' || !Number.isFinite(minScore) || minScore < 0 || minScore > 1;
    setScoreError(invalid ? t('admin.human_check.invalid_score') : undefined);
    if (invalid) return;
    const changes: Array<{ name: string; value: string | number | boolean | null }> = [];
    const key = siteKey.trim() || null;
    if (key !== (saved.recaptcha_client_id ?? null)) changes.push({ name: 'recaptcha_client_id', value: key });
    if (secret.trim()) changes.push({ name: 'recaptcha_client_secret', value: secret.trim() });
    if (minScore !== saved.recaptcha_min_score) changes.push({ name: 'recaptcha_min_score', value: minScore });
    // Switched on last, so the check never runs with a key of the form still unsaved.
    if (enabled !== saved.allowed_recaptcha) changes.push({ name: 'allowed_recaptcha', value: enabled });
    if (await write(changes)) {
      setSecret('');
      toast.success(t('admin.human_check.saved'));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Card
        title={t('admin.human_check.title')}
        description={t('admin.human_check.description')}
        footer={
          <Button type="submit" loading={busy}>
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
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <TextField
            label={t('admin.human_check.site_key')}
            name="recaptcha_client_id"
            autoComplete="off"
            spellCheck={false}
            value={siteKey}
            hint={t('admin.human_check.site_key_hint')}
            onChange={(e) => setSiteKey(e.target.value)}
          />
          <TextField
            label={t('admin.human_check.secret')}
            name="recaptcha_client_secret"
            type="password"
            autoComplete="new-password"
            placeholder={secretSet ? '••••••••••••' : undefined}
            value={secret}
            hint={t(secretSet ? 'admin.human_check.secret_set' : 'admin.human_check.secret_unset')}
            onChange={(e) => setSecret(e.target.value)}
            action={
              secretSet ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void write([{ name: 'recaptcha_client_secret', value: null }])}
                  className="text-sm font-medium text-red-700 hover:underline disabled:opacity-50 dark:text-red-400"
                >
                  {t('admin.human_check.clear_secret')}
                </button>
              ) : undefined
            }
          />
          <TextField
            label={t('admin.human_check.min_score')}
            name="recaptcha_min_score"
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step={0.1}
            value={score}
            error={scoreError}
            hint={t('admin.human_check.min_score_hint')}
            onChange={(e) => setScore(e.target.value)}
            className="max-w-40"
          />
          {enabled && <Notice tone="info">{t('admin.human_check.warning')}</Notice>}
        </div>
      </Card>
    </form>
  );
}
