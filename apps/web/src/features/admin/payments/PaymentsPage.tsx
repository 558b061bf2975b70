import type { PaymentProviderState } from '@filestore/contract';

type GatewayDriver = PaymentProviderState['driver'];
import { useEffect, useState, type FormEvent } from 'react';
import { useConfig } from '../../../lib/config';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { LinkField } from '../../sharing/owner/LinkField';
import { SecretField } from '../settings/SecretField';
import { settingText as text, useAdminSettings, useWriteSettings, type AdminSettings } from '../settings/settings.api';
import { useAdminPayments, useSavePaymentKeys } from './payments.api';
import { PaymentsTabs } from './PaymentsTabs';

const NAMES: Record<GatewayDriver, string> = { stripe: 'Stripe', paypal: 'PayPal', paystack: 'Paystack' };

/**
 * /admin/payments/payments (reference §16.3): payments on or off; per provider its switch, its keys
 * (tested with the provider before they are stored; secrets write-only), the webhook address to
 * paste there and the line shown under its button; then the metered balance rules.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  const payments = useAdminPayments();
  const pending = settings.isPending || payments.isPending;
  const failed = settings.error ?? payments.error;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PaymentsTabs />
      {pending ? (
        <PageSpinner label={t('common.loading')} />
      ) : failed || !settings.data || !payments.data ? (
        <Notice tone="error">{errorMessage(t, failed)}</Notice>
      ) : (
        <div className="space-y-6">
          <PaymentsSwitch saved={settings.data} />
          {payments.data.map((provider) => (
            <ProviderForm key={provider.driver} provider={provider} saved={settings.data} />
          ))}
          <BalanceForm saved={settings.data} />
        </div>
      )}
    </div>
  );
}

/** A switch that moves at once and goes back if the server refuses. */
function SettingSwitch({
  saved,
  name,
  label,
  description,
}: {
  saved: AdminSettings;
  name: string;
  label: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const stored = saved[name] === true;
  const [on, setOn] = useState(stored);
  useEffect(() => setOn(stored), [stored]);
  return (
    <Switch
      label={label}
      description={description}
      checked={on}
      onChange={(e) => {
        const next = e.target.checked;
        setOn(next);
        write(saved, { [name]: next }).catch((caught: unknown) => {
          setOn(!next);
          toast.error(errorMessage(t, caught));
        });
      }}
    />
  );
}

function PaymentsSwitch({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  return (
    <Card title={t('admin.payments.title')} description={t('admin.payments.description')}>
      <SettingSwitch
        saved={saved}
        name="allowed_payments"
        label={t('admin.payments.allowed')}
        description={t('admin.payments.allowed_hint')}
      />
    </Card>
  );
}

function ProviderForm({ provider, saved }: { provider: PaymentProviderState; saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const saveKeys = useSavePaymentKeys();
  const { driver } = provider;
  const name = NAMES[driver];
  const [values, setValues] = useState<Record<string, string>>({});
  const [live, setLive] = useState(provider.live ?? false);
  const descriptionName = `${driver}_payment_description`;
  const [description, setDescription] = useState(text(saved[descriptionName]));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setLive(provider.live ?? false), [provider.live]);

  const valueOf = (field: PaymentProviderState['fields'][number]) => values[field.name] ?? field.value ?? '';
  const keysChanged =
    provider.fields.some((f) => !f.fromEnv && values[f.name] !== undefined && values[f.name] !== (f.value ?? '')) ||
    (provider.live !== null && live !== provider.live);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (keysChanged) {
        const typed = Object.fromEntries(
          provider.fields.filter((f) => !f.fromEnv).map((f) => [f.name, valueOf(f).trim() || null]),
        );
        await saveKeys.mutateAsync({
          driver,
          body: { values: typed, ...(provider.live !== null ? { live } : {}) },
        });
        setValues({});
      }
      await write(saved, { [descriptionName]: description });
      toast.success(keysChanged ? t('admin.payments.keys_saved', { provider: name }) : t('admin.settings.saved'));
    } catch (caught) {
      setError(errorMessage(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      <Card
        title={name}
        description={t(provider.configured ? 'admin.payments.configured' : 'admin.payments.not_configured', {
          provider: name,
        })}
        footer={
          <Button type="submit" loading={busy}>
            {keysChanged ? t('admin.payments.test_and_save') : t('admin.settings.save')}
          </Button>
        }
      >
        <div className="space-y-4">
          <SettingSwitch
            saved={saved}
            name={`allowed_${driver}`}
            label={t('admin.payments.provider_allowed', { provider: name })}
            description={t('admin.payments.provider_allowed_hint')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {provider.fields.map((field) =>
              field.fromEnv ? (
                <TextField
                  key={field.name}
                  label={t(`admin.payments.field.${field.name}`)}
                  name={field.name}
                  value={field.secret ? '••••••••••••' : t('admin.payments.from_env_value')}
                  readOnly
                  disabled
                  hint={t('admin.payments.from_env')}
                />
              ) : field.secret ? (
                <SecretField
                  key={field.name}
                  label={t(`admin.payments.field.${field.name}`)}
                  name={field.name}
                  value={values[field.name] ?? ''}
                  isSet={field.set}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                />
              ) : (
                <TextField
                  key={field.name}
                  label={t(`admin.payments.field.${field.name}`)}
                  name={field.name}
                  autoComplete="off"
                  spellCheck={false}
                  value={valueOf(field)}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                />
              ),
            )}
          </div>
          {provider.live !== null && (
            <Switch
              label={t('admin.payments.paypal_live')}
              description={t('admin.payments.paypal_live_hint')}
              checked={live}
              onChange={(e) => setLive(e.target.checked)}
            />
          )}
          {error && <Notice tone="error">{error}</Notice>}
          <div>
            <LinkField link={provider.webhookUrl} label={t('admin.payments.webhook', { provider: name })} compact />
            <p className="mt-1.5 text-sm text-neutral-500 dark:text-neutral-400">
              {t('admin.payments.webhook_hint', { provider: name })}
            </p>
          </div>
          <TextField
            label={t('admin.payments.payment_description')}
            name={descriptionName}
            value={description}
            maxLength={300}
            onChange={(e) => setDescription(e.target.value)}
            hint={t('admin.payments.payment_description_hint')}
          />
        </div>
      </Card>
    </form>
  );
}

function BalanceForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const [bonus, setBonus] = useState(text(saved.registration_bonus_amount));
  const [limit, setLimit] = useState(text(saved.limit_usage_in_new_accounts_amount));
  const [busy, setBusy] = useState(false);
  const { payments } = useConfig();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await write(saved, {
        registration_bonus_amount: Number(bonus) || 0,
        limit_usage_in_new_accounts_amount: Number(limit) || 0,
      });
      toast.success(t('admin.settings.saved'));
    } catch (caught) {
      toast.error(errorMessage(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Card
        title={t('admin.payments.balance_title')}
        description={t('admin.payments.balance_description')}
        footer={
          <Button type="submit" loading={busy} disabled={!payments}>
            {t('admin.settings.save')}
          </Button>
        }
      >
        <div className="space-y-4">
          <SettingSwitch saved={saved} name="allowed_registration_bonus" label={t('admin.payments.bonus_allowed')} />
          <TextField
            label={t('admin.payments.bonus_amount')}
            name="registration_bonus_amount"
            type="number"
            inputMode="numeric"
            min={0}
            value={bonus}
            onChange={(e) => setBonus(e.target.value)}
            hint={t('admin.payments.minor_units_hint')}
          />
          <SettingSwitch
            saved={saved}
            name="usage_bigger_than_balance"
            label={t('admin.payments.usage_bigger_than_balance')}
            description={t('admin.payments.usage_bigger_than_balance_hint')}
          />
          <SettingSwitch
            saved={saved}
            name="limit_usage_in_new_accounts"
            label={t('admin.payments.limit_new_accounts')}
            description={t('admin.payments.limit_new_accounts_hint')}
          />
          <TextField
            label={t('admin.payments.limit_new_accounts_amount')}
            name="limit_usage_in_new_accounts_amount"
            type="number"
            inputMode="numeric"
            min={0}
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            hint={t('admin.payments.minor_units_hint')}
          />
        </div>
      </Card>
    </form>
  );
}
