import type { MailEnvironmentRequest, StorageEnvironmentRequest } from '@filestore/contract';
import { HardDrive, Mail, Server, Cloud, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api';
import { errorMessage, serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { RadioCards } from '../../../ui/RadioCards';
import { PageSpinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { SecretField } from './SecretField';
import { useEnvironment, useSaveEnvironment, type Environment } from './settings.api';

/** Storage and mail, each tested by the server for real before it is saved (ADR 0043). */
export function EnvironmentSettings() {
  const { t } = useTranslation();
  const environment = useEnvironment();
  if (environment.isPending) return <PageSpinner label={t('common.loading')} />;
  if (environment.isError) return <Notice tone="error">{errorMessage(t, environment.error)}</Notice>;
  return (
    <>
      <StorageForm saved={environment.data.storage} />
      <MailForm saved={environment.data.mail} />
      <p className="flex items-start gap-2 text-sm text-neutral-500 dark:text-neutral-400">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('admin.environment.saved_here')}
      </p>
    </>
  );
}

/** Field errors of a nested body (`s3.bucket`, `smtp.host`) under the field's own name. */
function nestedErrors(caught: unknown): FieldErrors {
  return Object.fromEntries(
    Object.entries(serverFieldErrors(caught)).map(([path, message]) => [path.split('.').pop() ?? path, message]),
  );
}

function StorageForm({ saved }: { saved: Environment['storage'] }) {
  const { t } = useTranslation();
  const save = useSaveEnvironment('storage');
  const [driver, setDriver] = useState(saved.driver);
  const [s3, setS3] = useState({
    endpoint: saved.s3?.endpoint ?? '',
    region: saved.s3?.region ?? 'us-east-1',
    bucket: saved.s3?.bucket ?? '',
    key: saved.s3?.key ?? '',
    forcePathStyle: saved.s3?.forcePathStyle ?? true,
  });
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ name: string; count: number } | null>(null);
  const locked = saved.fromEnv;
  const secretSet = saved.s3?.secretSet === true;
  const moving =
    driver !== saved.driver ||
    (driver === 's3' && (s3.bucket !== saved.s3?.bucket || s3.endpoint !== saved.s3?.endpoint));

  const body = (confirm?: string): StorageEnvironmentRequest =>
    driver === 's3'
      ? { driver, s3: { ...s3, ...(secret ? { secret } : {}) }, ...(confirm ? { confirm } : {}) }
      : { driver, ...(confirm ? { confirm } : {}) };

  const send = async (confirm?: string) => {
    setError(null);
    setErrors({});
    try {
      await save.mutateAsync(body(confirm));
      setSecret('');
      setConfirming(null);
      toast.success(t('admin.storage.saved'));
    } catch (caught) {
      if (isApiError(caught, 'environment.confirmation_required')) {
        setConfirming({ name: String(caught.details.confirm), count: Number(caught.details.storedObjects) });
        return;
      }
      setConfirming(null);
      const fields = nestedErrors(caught);
      setErrors(fields);
      setError(Object.keys(fields).length ? null : isApiError(caught) ? caught.message : errorMessage(t, caught));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (driver === 's3') {
      for (const field of ['region', 'bucket', 'key'] as const)
        if (!s3[field].trim()) next[field] = t('validation.required');
      if (!secret && !secretSet) next.secret = t('validation.required');
    }
    setErrors(next);
    if (Object.keys(next).length === 0) void send();
  };

  const field = (name: 'endpoint' | 'region' | 'bucket' | 'key', hint?: string) => (
    <TextField
      label={t(`admin.storage.${name}`)}
      name={`s3_${name}`}
      autoComplete="off"
      spellCheck={false}
      disabled={locked}
      value={s3[name]}
      error={errors[name]}
      hint={hint}
      onChange={(e) => setS3((v) => ({ ...v, [name]: e.target.value }))}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Card
        title={t('admin.storage.title')}
        description={t('admin.storage.description')}
        footer={
          locked ? undefined : (
            <Button type="submit" loading={save.isPending}>
              {t('admin.storage.save')}
            </Button>
          )
        }
      >
        <div className="space-y-5">
          {locked && <Notice tone="info">{t('admin.storage.from_env')}</Notice>}
          {error && <Notice tone="error">{error}</Notice>}
          <RadioCards
            legend={t('admin.storage.driver')}
            name="storage_driver"
            value={driver}
            disabled={locked}
            onChange={setDriver}
            options={[
              {
                value: 'local',
                label: t('admin.storage.local'),
                description: t('admin.storage.local_description'),
                icon: <HardDrive className="size-5" aria-hidden />,
              },
              {
                value: 's3',
                label: t('admin.storage.s3'),
                description: t('admin.storage.s3_description'),
                icon: <Cloud className="size-5" aria-hidden />,
              },
            ]}
          />
          {driver === 's3' && (
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="sm:col-span-2">{field('endpoint', t('admin.storage.endpoint_hint'))}</div>
              {field('region')}
              {field('bucket')}
              {field('key')}
              <SecretField
                label={t('admin.storage.secret')}
                name="s3_secret"
                value={secret}
                onChange={setSecret}
                isSet={secretSet}
                error={errors.secret}
                disabled={locked}
              />
              <div className="sm:col-span-2">
                <Switch
                  label={t('admin.storage.path_style')}
                  description={t('admin.storage.path_style_description')}
                  checked={s3.forcePathStyle}
                  disabled={locked}
                  onChange={(e) => setS3((v) => ({ ...v, forcePathStyle: e.target.checked }))}
                />
              </div>
            </div>
          )}
          {!locked && moving && saved.storedObjects > 0 && (
            <Notice tone="warning">{t('admin.storage.switch_warning', { count: saved.storedObjects })}</Notice>
          )}
        </div>
      </Card>
      {confirming && (
        <SwitchConfirmation
          {...confirming}
          busy={save.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={(typed) => void send(typed)}
        />
      )}
    </form>
  );
}

/** The storage switch that leaves files behind: said plainly, and the new place's name typed. */
function SwitchConfirmation({
  name,
  count,
  busy,
  onClose,
  onConfirm,
}: {
  name: string;
  count: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: (typed: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.storage.confirm_title', { count })}
      description={t('admin.storage.confirm_description')}
      closeLabel={t('common.close')}
      className="p-6"
    >
      <form
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed === name) onConfirm(typed);
        }}
      >
        <TextField
          label={t('admin.storage.confirm_label', { name })}
          name="confirm"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('admin.storage.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={busy} disabled={typed !== name}>
            {t('admin.storage.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function MailForm({ saved }: { saved: Environment['mail'] }) {
  const { t } = useTranslation();
  const save = useSaveEnvironment('mail');
  const [driver, setDriver] = useState(saved.driver);
  const [smtp, setSmtp] = useState({
    host: saved.smtp?.host ?? '',
    port: String(saved.smtp?.port ?? 587),
    username: saved.smtp?.username ?? '',
    encryption: saved.smtp?.encryption ?? ('starttls' as const),
    from: saved.smtp?.from ?? '',
  });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const locked = saved.fromEnv;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (driver === 'smtp') {
      if (!smtp.host.trim()) next.host = t('validation.required');
      const port = Number(smtp.port);
      if (!Number.isInteger(port) || port < 1 || port > 65535) {
        next.port = t('admin.settings.number_invalid', { min: 1, max: 65535 });
      }
      if (!/^\S+@\S+\.\S+$/.test(smtp.from.trim())) next.from = t('validation.email');
    }
    setErrors(next);
    setError(null);
    if (Object.keys(next).length) return;
    const body: MailEnvironmentRequest =
      driver === 'smtp'
        ? { driver, smtp: { ...smtp, port: Number(smtp.port), ...(password ? { password } : {}) } }
        : { driver };
    try {
      await save.mutateAsync(body);
      setPassword('');
      toast.success(t(driver === 'smtp' ? 'admin.mail.saved' : 'admin.mail.saved_outbox'));
    } catch (caught) {
      const fields = nestedErrors(caught);
      setErrors(fields);
      setError(Object.keys(fields).length ? null : isApiError(caught) ? caught.message : errorMessage(t, caught));
    }
  };

  const field = (name: 'host' | 'port' | 'username' | 'from', extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(`admin.mail.${name}`)}
      name={`smtp_${name}`}
      autoComplete="off"
      spellCheck={false}
      disabled={locked}
      value={smtp[name]}
      error={errors[name]}
      onChange={(e) => setSmtp((v) => ({ ...v, [name]: e.target.value }))}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Card
        title={t('admin.mail.title')}
        description={t('admin.mail.description')}
        footer={
          locked ? undefined : (
            <Button type="submit" loading={save.isPending}>
              {t(driver === 'smtp' ? 'admin.mail.save' : 'admin.mail.save_outbox')}
            </Button>
          )
        }
      >
        <div className="space-y-5">
          {locked && <Notice tone="info">{t('admin.mail.from_env')}</Notice>}
          {error && <Notice tone="error">{error}</Notice>}
          <RadioCards
            legend={t('admin.mail.driver')}
            name="mail_driver"
            value={driver}
            disabled={locked}
            onChange={setDriver}
            options={[
              {
                value: 'outbox',
                label: t('admin.mail.outbox'),
                description: t('admin.mail.outbox_description'),
                icon: <Mail className="size-5" aria-hidden />,
              },
              {
                value: 'smtp',
                label: t('admin.mail.smtp'),
                description: t('admin.mail.smtp_description'),
                icon: <Server className="size-5" aria-hidden />,
              },
            ]}
          />
          {driver === 'smtp' && (
            <div className="grid gap-5 sm:grid-cols-2">
              {field('host')}
              {field('port', { type: 'number', inputMode: 'numeric', min: 1, max: 65535 })}
              {field('username')}
              <SecretField
                label={t('admin.mail.password')}
                name="smtp_password"
                value={password}
                onChange={setPassword}
                isSet={saved.smtp?.passwordSet === true}
                error={errors.password}
                disabled={locked}
              />
              <SelectField
                label={t('admin.mail.encryption')}
                name="smtp_encryption"
                disabled={locked}
                value={smtp.encryption}
                onChange={(e) => setSmtp((v) => ({ ...v, encryption: e.target.value as 'tls' | 'starttls' | 'none' }))}
                options={(['starttls', 'tls', 'none'] as const).map((value) => ({
                  value,
                  label: t(`admin.mail.encryption_${value}`),
                }))}
              />
              {field('from', { type: 'email' })}
            </div>
          )}
        </div>
      </Card>
    </form>
  );
}
