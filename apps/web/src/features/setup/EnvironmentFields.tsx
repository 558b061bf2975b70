import { S3_REGIONS } from '@filestore/contract';
import { useMemo, useState, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { regionNames } from '../../lib/countries';
import { useTranslation } from '../../lib/i18n';
import { SelectField, TextField } from '../../ui/Field';
import { Switch } from '../../ui/Switch';
import { SecretField } from '../admin/settings/SecretField';

/*
 * The field groups the setup wizard and Admin → Environment share (ADR 0068): S3 storage, SMTP
 * mail and the PostgreSQL connection. Each is given the form's `field`, bound to where the group's
 * values live in that form (`(name) => field(`storage.s3.${name}`)`), so the checks, the server's
 * refusals and the values stay with the form; the group only lays the fields out. The wizard and
 * the admin screen word them each in their own catalogue keys.
 */

/** What a form's `field(name)` spreads into a TextField. */
export type BoundField = UseFormRegisterReturn & { error?: string };

export type S3Name = 'endpoint' | 'region' | 'bucket' | 'key' | 'secret';
export type SmtpName = 'host' | 'port' | 'username' | 'password' | 'encryption' | 'from';
export type DatabaseName = 'host' | 'port' | 'name' | 'username' | 'password';

export const initialS3 = { endpoint: '', region: 'us-east-1', bucket: '', key: '', secret: '' };
export const initialSmtp = { host: '', port: '587', username: '', password: '', encryption: 'starttls', from: '' };
export const initialDatabase = {
  host: '127.0.0.1',
  port: '5432',
  name: 'filestore',
  username: 'postgres',
  password: '',
  ssl: false,
};

interface GroupProps<Name extends string> {
  /** The form's `field`, bound to the group's place in the form's values. */
  field: (name: Name) => BoundField;
  /** Whose words: the wizard's (`setup.*`) or Admin → Environment's (`admin.*`). */
  screen: 'setup' | 'admin';
  disabled?: boolean;
}

interface S3FieldsProps extends GroupProps<S3Name> {
  /** The region as the form holds it now: one of the list, or one typed by hand. */
  region: string;
  /** Admin → Environment: whether a secret key is saved (the field may then stay empty). */
  secretSet?: boolean;
  /** Admin → Environment: the path-style switch, registered by the form. */
  pathStyle?: UseFormRegisterReturn;
}

/** The select's entry that opens the field for a region typed by hand. */
const OTHER_REGION = '__other__';

/**
 * Spec §9's 22 regions as a list, each with its country in the reader's language, and "another
 * region" for Ceph, MinIO, Wasabi and the like: then a field takes it as typed. A region saved
 * before that is not on the list shows in that field, unchanged. The form's value is the region
 * itself either way; whichever control shows holds the form's ref (focus on a refusal).
 */
function RegionField({
  bound,
  value,
  screen,
  disabled,
}: {
  bound: BoundField;
  value: string;
  screen: 'setup' | 'admin';
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const key = (name: string) => (screen === 'setup' ? `setup.s3.${name}` : `admin.storage.${name}`);
  const [custom, setCustom] = useState(() => !S3_REGIONS.some((r) => r.code === value));
  const otherLabel = t(key('region_another'));
  const options = useMemo(() => {
    const names = regionNames(i18n.language);
    return [
      ...S3_REGIONS.map((r) => ({ value: r.code, label: `${r.code} · ${names?.of(r.country) ?? r.country}` })),
      { value: OTHER_REGION, label: otherLabel },
    ];
  }, [i18n.language, otherLabel]);
  const { error, onChange, name, ...rest } = bound;
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.target.value === OTHER_REGION) {
      setCustom(true);
      return;
    }
    setCustom(false);
    void onChange(event);
  };
  return (
    <div className={custom ? 'grid gap-5 sm:col-span-2 sm:grid-cols-2' : undefined}>
      <SelectField
        label={t(key('region'))}
        disabled={disabled}
        options={options}
        value={custom ? OTHER_REGION : value}
        onChange={choose}
        error={custom ? undefined : error}
        // The name always: react-hook-form finds the value's place by the changed element's name.
        name={name}
        {...(custom ? {} : rest)}
      />
      {custom && (
        <TextField
          label={t(key('region_custom'))}
          hint={t(key('region_custom_hint'))}
          placeholder="us-east-1"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          error={error}
          name={name}
          onChange={onChange}
          {...rest}
        />
      )}
    </div>
  );
}

export function S3Fields({ field, screen, disabled, secretSet, pathStyle, region }: S3FieldsProps) {
  const { t } = useTranslation();
  const key = (name: string) => (screen === 'setup' ? `setup.s3.${name}` : `admin.storage.${name}`);
  const text = (name: S3Name) => ({ label: t(key(name)), autoComplete: 'off', spellCheck: false, disabled });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          {...text('endpoint')}
          placeholder={screen === 'setup' ? 'https://s3.example.com' : undefined}
          hint={t(key('endpoint_hint'))}
          {...field('endpoint')}
        />
      </div>
      <RegionField bound={field('region')} value={region} screen={screen} disabled={disabled} />
      <TextField {...text('bucket')} {...field('bucket')} />
      <TextField {...text('key')} {...field('key')} />
      {secretSet === undefined ? (
        <TextField
          label={t(key('secret'))}
          type="password"
          autoComplete="new-password"
          disabled={disabled}
          {...field('secret')}
        />
      ) : (
        <SecretField label={t(key('secret'))} isSet={secretSet} disabled={disabled} {...field('secret')} />
      )}
      {pathStyle && (
        <div className="sm:col-span-2">
          <Switch
            label={t('admin.storage.path_style')}
            description={t('admin.storage.path_style_description')}
            disabled={disabled}
            {...pathStyle}
          />
        </div>
      )}
    </div>
  );
}

interface SmtpFieldsProps extends GroupProps<SmtpName> {
  /** Admin → Environment: whether a password is saved (the field may then stay empty). */
  passwordSet?: boolean;
}

export function SmtpFields({ field, screen, disabled, passwordSet }: SmtpFieldsProps) {
  const { t } = useTranslation();
  const key = (name: string) => (screen === 'setup' ? `setup.smtp.${name}` : `admin.mail.${name}`);
  const text = (name: SmtpName) => ({ label: t(key(name)), autoComplete: 'off', spellCheck: false, disabled });
  const encryption =
    screen === 'setup'
      ? [
          { value: 'starttls', label: 'STARTTLS' },
          { value: 'tls', label: 'TLS' },
          { value: 'none', label: t('setup.smtp.encryption_none') },
        ]
      : (['starttls', 'tls', 'none'] as const).map((value) => ({ value, label: t(`admin.mail.encryption_${value}`) }));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        {...text('host')}
        placeholder={screen === 'setup' ? 'smtp.example.com' : undefined}
        {...field('host')}
      />
      <TextField
        {...text('port')}
        inputMode="numeric"
        {...(screen === 'admin' ? { type: 'number', min: 1, max: 65535 } : {})}
        {...field('port')}
      />
      <TextField {...text('username')} {...field('username')} />
      {passwordSet === undefined ? (
        <TextField
          label={t(key('password'))}
          type="password"
          autoComplete="new-password"
          disabled={disabled}
          {...field('password')}
        />
      ) : (
        <SecretField label={t(key('password'))} isSet={passwordSet} disabled={disabled} {...field('password')} />
      )}
      <SelectField label={t(key('encryption'))} disabled={disabled} options={encryption} {...field('encryption')} />
      <TextField
        {...text('from')}
        type="email"
        placeholder={screen === 'setup' ? 'no-reply@example.com' : undefined}
        {...field('from')}
      />
    </div>
  );
}

interface DatabaseFieldsProps extends GroupProps<DatabaseName> {
  /** The SSL switch, registered by the form. */
  ssl: UseFormRegisterReturn;
}

/** The PostgreSQL connection (the wizard's database step). */
export function DatabaseFields({ field, disabled, ssl }: DatabaseFieldsProps) {
  const { t } = useTranslation();
  const text = (name: DatabaseName) => ({ label: t(`setup.database.${name}`), autoComplete: 'off', disabled });
  return (
    <div className="grid gap-5 sm:grid-cols-6">
      <div className="sm:col-span-4">
        <TextField {...text('host')} {...field('host')} />
      </div>
      <div className="sm:col-span-2">
        <TextField {...text('port')} inputMode="numeric" {...field('port')} />
      </div>
      <div className="sm:col-span-6">
        <TextField {...text('name')} {...field('name')} />
      </div>
      <div className="sm:col-span-3">
        <TextField {...text('username')} {...field('username')} />
      </div>
      <div className="sm:col-span-3">
        <TextField {...text('password')} type="password" autoComplete="new-password" {...field('password')} />
      </div>
      <div className="sm:col-span-6">
        <Switch label={t('setup.database.ssl')} disabled={disabled} {...ssl} />
      </div>
    </div>
  );
}
