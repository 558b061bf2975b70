import type { ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { FieldErrors } from '../../lib/forms';
import { SelectField, TextField } from '../../ui/Field';

export const initialS3 = { endpoint: '', region: 'us-east-1', bucket: '', key: '', secret: '' };
export const initialSmtp = { host: '', port: '587', username: '', password: '', encryption: 'starttls', from: '' };
export type S3Values = typeof initialS3;
export type SmtpValues = typeof initialSmtp;

interface FieldsProps<V> {
  values: V;
  errors: FieldErrors;
  onChange: (values: V) => void;
}

function bind<V extends Record<string, string>>(props: FieldsProps<V>, prefix: string, name: keyof V & string) {
  return {
    name: `${prefix}.${name}`,
    value: props.values[name],
    // The server reports nested paths (storage.s3.bucket); the form uses the short ones.
    error:
      props.errors[`${prefix}.${name}`] ??
      props.errors[`storage.${prefix}.${name}`] ??
      props.errors[`mail.${prefix}.${name}`],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      props.onChange({ ...props.values, [name]: e.target.value }),
  };
}

export function S3Fields(props: FieldsProps<S3Values>) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          label={t('setup.s3.endpoint')}
          placeholder="https://s3.example.com"
          hint={t('setup.s3.endpoint_hint')}
          {...bind(props, 's3', 'endpoint')}
        />
      </div>
      <TextField label={t('setup.s3.region')} {...bind(props, 's3', 'region')} />
      <TextField label={t('setup.s3.bucket')} {...bind(props, 's3', 'bucket')} />
      <TextField label={t('setup.s3.key')} autoComplete="off" {...bind(props, 's3', 'key')} />
      <TextField
        label={t('setup.s3.secret')}
        type="password"
        autoComplete="new-password"
        {...bind(props, 's3', 'secret')}
      />
    </div>
  );
}

export function SmtpFields(props: FieldsProps<SmtpValues>) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label={t('setup.smtp.host')} placeholder="smtp.example.com" {...bind(props, 'smtp', 'host')} />
      <TextField label={t('setup.smtp.port')} inputMode="numeric" {...bind(props, 'smtp', 'port')} />
      <TextField label={t('setup.smtp.username')} autoComplete="off" {...bind(props, 'smtp', 'username')} />
      <TextField
        label={t('setup.smtp.password')}
        type="password"
        autoComplete="new-password"
        {...bind(props, 'smtp', 'password')}
      />
      <SelectField
        label={t('setup.smtp.encryption')}
        options={[
          { value: 'starttls', label: 'STARTTLS' },
          { value: 'tls', label: 'TLS' },
          { value: 'none', label: t('setup.smtp.encryption_none') },
        ]}
        {...bind(props, 'smtp', 'encryption')}
      />
      <TextField
        label={t('setup.smtp.from')}
        type="email"
        placeholder="no-reply@example.com"
        {...bind(props, 'smtp', 'from')}
      />
    </div>
  );
}
