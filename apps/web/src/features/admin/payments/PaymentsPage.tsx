import type { PaymentProviderState } from '@filestore/contract';

type GatewayDriver = PaymentProviderState['driver'];
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useApiForm } from '../../../lib/form';
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
import { PaymentsSection } from './PaymentsTabs';

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
    <PaymentsSection>
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
    </PaymentsSection>
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

/** The keys as typed (an empty one is sent as null), PayPal's live switch, and the payment line. */
const providerSchema = z.object({
  keys: z.record(z.string(), z.string().max(2_000)),
  live: z.boolean(),
  description: z.string().max(300),
});

function ProviderForm({ provider, saved }: { provider: PaymentProviderState; saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const saveKeys = useSavePaymentKeys();
  const { driver } = provider;
  const name = NAMES[driver];
  const descriptionName = `${driver}_payment_description`;
  const editable = provider.fields.filter((f) => !f.fromEnv);
  /** Whether the keys (or PayPal's live switch) differ from the stored ones: they are then tested. */
  const changedKeys = (keys: Record<string, string>, live: boolean) =>
    editable.some((f) => (keys[f.name] ?? '') !== (f.secret ? '' : (f.value ?? ''))) ||
    (provider.live !== null && live !== provider.live);
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema: providerSchema,
    defaultValues: {
      keys: Object.fromEntries(editable.map((f) => [f.name, f.secret ? '' : (f.value ?? '')])),
      live: provider.live ?? false,
      description: text(saved[descriptionName]),
    },
    mutationFn: async ({ keys, live, description }) => {
      const changed = changedKeys(keys, live);
      if (changed) {
        const typed = Object.fromEntries(editable.map((f) => [f.name, (keys[f.name] ?? '').trim() || null]));
        await saveKeys.mutateAsync({
          driver,
          body: { values: typed, ...(provider.live !== null ? { live } : {}) },
        });
      }
      await write(saved, { [descriptionName]: description });
      return changed;
    },
    onSuccess: (changed, _values, form) => {
      // A secret is never shown again: its field empties once it is stored.
      if (changed) for (const f of editable) if (f.secret) form.setValue(`keys.${f.name}`, '');
      toast.success(changed ? t('admin.payments.keys_saved', { provider: name }) : t('admin.settings.saved'));
    },
  });
  useEffect(() => form.setValue('live', provider.live ?? false), [provider.live, form]);
  const [keys, live] = form.watch(['keys', 'live']);
  const keysChanged = changedKeys(keys, live);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={name}>
      <Card
        title={name}
        description={t(provider.configured ? 'admin.payments.configured' : 'admin.payments.not_configured', {
          provider: name,
        })}
        footer={
          <Button type="submit" loading={pending}>
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
            {provider.fields.map((key) =>
              key.fromEnv ? (
                <TextField
                  key={key.name}
                  label={t(`admin.payments.field.${key.name}`)}
                  name={key.name}
                  value={key.secret ? '••••••••••••' : t('admin.payments.from_env_value')}
                  readOnly
                  disabled
                  hint={t('admin.payments.from_env')}
                />
              ) : key.secret ? (
                <SecretField
                  key={key.name}
                  label={t(`admin.payments.field.${key.name}`)}
                  isSet={key.set}
                  {...field(`keys.${key.name}`)}
                />
              ) : (
                <TextField
                  key={key.name}
                  label={t(`admin.payments.field.${key.name}`)}
                  autoComplete="off"
                  spellCheck={false}
                  {...field(`keys.${key.name}`)}
                />
              ),
            )}
          </div>
          {provider.live !== null && (
            <Switch
              label={t('admin.payments.paypal_live')}
              description={t('admin.payments.paypal_live_hint')}
              {...form.register('live')}
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
            maxLength={300}
            hint={t('admin.payments.payment_description_hint')}
            {...field('description')}
          />
        </div>
      </Card>
    </form>
  );
}

/** Amounts in minor units; an empty or unreadable one is 0, as before. */
const minorUnits = z
  .string()
  .trim()
  .transform((value) => Number(value) || 0);
const balanceSchema = z.object({
  registration_bonus_amount: minorUnits,
  limit_usage_in_new_accounts_amount: minorUnits,
});

function BalanceForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const { payments } = useConfig();
  const { onSubmit, field, error, pending } = useApiForm({
    schema: balanceSchema,
    defaultValues: {
      registration_bonus_amount: text(saved.registration_bonus_amount),
      limit_usage_in_new_accounts_amount: text(saved.limit_usage_in_new_accounts_amount),
    },
    mutationFn: (values) => write(saved, values),
    onSuccess: () => toast.success(t('admin.settings.saved')),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('admin.payments.balance_title')}
        description={t('admin.payments.balance_description')}
        footer={
          <Button type="submit" loading={pending} disabled={!payments}>
            {t('admin.settings.save')}
          </Button>
        }
      >
        <div className="space-y-4">
          {error && <Notice tone="error">{error}</Notice>}
          <SettingSwitch saved={saved} name="allowed_registration_bonus" label={t('admin.payments.bonus_allowed')} />
          <TextField
            label={t('admin.payments.bonus_amount')}
            type="number"
            inputMode="numeric"
            min={0}
            hint={t('admin.payments.minor_units_hint')}
            {...field('registration_bonus_amount')}
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
            type="number"
            inputMode="numeric"
            min={0}
            hint={t('admin.payments.minor_units_hint')}
            {...field('limit_usage_in_new_accounts_amount')}
          />
        </div>
      </Card>
    </form>
  );
}
