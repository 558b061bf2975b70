import { appSetupRequest, subscriptionType as subscriptionTypes, type SubscriptionType } from '@filestore/contract';
import { z } from 'zod';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import { useApiForm } from '../../lib/form';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { RadioCards } from '../../ui/RadioCards';
import { Switch } from '../../ui/Switch';
import { useConfig } from '../../lib/config';
import { emailField } from './environment.schema';
import { saveAppSetup } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

/** The contract's appSetupRequest over the form's strings: the default space only while storage is limited. */
const schema = appSetupRequest
  .extend({
    contactMail: emailField,
    userRegistration: z.boolean(),
    storageLimitation: z.boolean(),
    defaultStorage: z.string().trim(),
    subscriptionType: subscriptionTypes,
  })
  .superRefine((values, ctx) => {
    if (values.storageLimitation && !/^[1-9]\d{0,8}$/.test(values.defaultStorage))
      ctx.addIssue({ code: 'custom', path: ['defaultStorage'], message: 'validation.positive_number' });
  })
  .transform(({ defaultStorage, ...values }) => ({
    ...values,
    defaultStorage: values.storageLimitation ? Number(defaultStorage) : undefined,
  }));

export function AppSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: {
      title: config.appName,
      description: config.appDescription,
      contactMail: config.contactEmail ?? '',
      defaultStorage: String(config.storageDefaultSpace || 5),
      userRegistration: true,
      storageLimitation: true,
      subscriptionType: 'none',
    },
    mutationFn: saveAppSetup,
    onSuccess: () => void navigate('/setup-wizard/admin-setup'),
  });
  const storageLimitation = form.watch('storageLimitation');
  const subscriptionType = form.watch('subscriptionType');

  return (
    <WizardLayout title={t('setup.app.title')} description={t('setup.app.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
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
          {...form.register('userRegistration')}
        />
        <Switch
          label={t('setup.app.storage_limitation')}
          description={t('setup.app.storage_limitation_hint')}
          {...form.register('storageLimitation')}
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
          onChange={(value) => form.setValue('subscriptionType', value)}
          columns={3}
          options={[
            {
              value: 'none',
              label: t('setup.app.subscription_none'),
              description: t('setup.app.subscription_none_hint'),
            },
            {
              value: 'fixed',
              label: t('setup.app.subscription_fixed'),
              description: t('setup.app.subscription_fixed_hint'),
            },
            {
              value: 'metered',
              label: t('setup.app.subscription_metered'),
              description: t('setup.app.subscription_metered_hint'),
            },
          ]}
        />
        {subscriptionType !== 'none' && <Notice tone="info">{t('setup.app.subscription_later')}</Notice>}
        {error && <Notice tone="error">{error}</Notice>}
        <WizardActions>
          <Button variant="secondary" onClick={() => void navigate('/setup-wizard/environment')}>
            {t('setup.back')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('setup.continue')}
          </Button>
        </WizardActions>
      </form>
    </WizardLayout>
  );
}
