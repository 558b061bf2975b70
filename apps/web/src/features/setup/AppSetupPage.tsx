import type { SubscriptionType } from '@filestore/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import {
  errorMessage,
  focusFirstInvalid,
  hasErrors,
  rules,
  serverFieldErrors,
  type FieldErrors,
} from '../../lib/forms';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { RadioCards } from '../../ui/RadioCards';
import { SoonBadge } from '../../ui/ComingSoon';
import { Switch } from '../../ui/Switch';
import { useConfig } from '../../lib/config';
import { saveAppSetup } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

export function AppSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const [values, setValues] = useState({
    title: config.appName,
    description: config.appDescription,
    contactMail: config.contactEmail ?? '',
    defaultStorage: String(config.storageDefaultSpace || 5),
  });
  const [userRegistration, setUserRegistration] = useState(true);
  const [storageLimitation, setStorageLimitation] = useState(true);
  const [subscriptionType, setSubscriptionType] = useState<SubscriptionType>('none');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {
      title: rules.required(t, values.title),
      description: rules.required(t, values.description),
      contactMail: rules.email(t, values.contactMail),
      defaultStorage:
        !storageLimitation || /^[1-9]\d{0,8}$/.test(values.defaultStorage)
          ? undefined
          : t('validation.positive_number'),
    };
    setErrors(found);
    setError(null);
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    setLoading(true);
    try {
      await saveAppSetup({
        title: values.title.trim(),
        description: values.description.trim(),
        contactMail: values.contactMail.trim(),
        userRegistration,
        storageLimitation,
        defaultStorage: storageLimitation ? Number(values.defaultStorage) : undefined,
        subscriptionType,
      });
      void navigate('/setup-wizard/admin-setup');
    } catch (caught) {
      setErrors(serverFieldErrors(caught));
      setError(errorMessage(t, caught));
      setLoading(false);
    }
  };

  return (
    <WizardLayout title={t('setup.app.title')} description={t('setup.app.description')}>
      <form onSubmit={submit} noValidate className="space-y-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('setup.app.app_title')} autoFocus {...field('title')} />
          <TextField label={t('setup.app.contact_email')} type="email" inputMode="email" {...field('contactMail')} />
          <div className="sm:col-span-2">
            <TextField
              label={t('setup.app.app_description')}
              placeholder={t('setup.app.app_description_placeholder')}
              {...field('description')}
            />
          </div>
        </div>
        <Switch
          label={t('setup.app.registration')}
          description={t('setup.app.registration_hint')}
          checked={userRegistration}
          onChange={(e) => setUserRegistration(e.target.checked)}
        />
        <Switch
          label={t('setup.app.storage_limitation')}
          description={t('setup.app.storage_limitation_hint')}
          checked={storageLimitation}
          onChange={(e) => setStorageLimitation(e.target.checked)}
        />
        {storageLimitation && (
          <TextField
            label={t('setup.app.default_storage')}
            inputMode="numeric"
            hint={t('setup.app.default_storage_hint')}
            {...field('defaultStorage')}
          />
        )}
        <RadioCards<SubscriptionType>
          legend={t('setup.app.subscription_type')}
          name="subscriptionType"
          value={subscriptionType}
          onChange={setSubscriptionType}
          columns={3}
          options={[
            {
              value: 'none',
              label: t('setup.app.subscription_none'),
              description: t('setup.app.subscription_none_hint'),
            },
            // Plans and billing are not built yet: shown, so the choice is known, but not selectable.
            {
              value: 'fixed',
              label: t('setup.app.subscription_fixed'),
              description: t('setup.app.subscription_fixed_hint'),
              disabled: true,
              badge: <SoonBadge size="sm">{t('soon.short')}</SoonBadge>,
            },
            {
              value: 'metered',
              label: t('setup.app.subscription_metered'),
              description: t('setup.app.subscription_metered_hint'),
              disabled: true,
              badge: <SoonBadge size="sm">{t('soon.short')}</SoonBadge>,
            },
          ]}
        />
        {error && <Notice tone="error">{error}</Notice>}
        <WizardActions>
          <Button variant="secondary" onClick={() => void navigate('/setup-wizard/environment')}>
            {t('setup.back')}
          </Button>
          <Button type="submit" loading={loading}>
            {t('setup.continue')}
          </Button>
        </WizardActions>
      </form>
    </WizardLayout>
  );
}
