import type { SocialProvider } from '@filestore/contract';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useConfig } from '../../../lib/config';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import { PROVIDER_MARKS, PROVIDER_NAMES } from '../../auth/SocialButtons';
import { LinkField } from '../../sharing/owner/LinkField';
import { useAdminSettings, useSaveAdminSetting, type AdminSettings } from './settings.api';

const PROVIDERS: SocialProvider[] = ['google', 'github', 'facebook'];

/** A provider's client id (empty: none) and, when typed, its new secret. */
const providerSchema = z.object({ clientId: z.string().trim().max(255), secret: z.string().max(255) });

/** Google, Facebook and GitHub sign-in: enabled and configured here (issue 15 point 6, ADR 0035). */
export function SocialLoginSettings() {
  const { t } = useTranslation();
  const { data: settings } = useAdminSettings();
  return (
    <Card title={t('admin.social.title')} description={t('admin.social.description')}>
      {settings ? (
        <div className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {PROVIDERS.map((provider) => (
            <ProviderSettings key={provider} provider={provider} settings={settings} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('common.loading')}</p>
      )}
    </Card>
  );
}

function ProviderSettings({ provider, settings }: { provider: SocialProvider; settings: AdminSettings }) {
  const { t } = useTranslation();
  const { host } = useConfig();
  const save = useSaveAdminSetting();
  const name = PROVIDER_NAMES[provider];
  const storedId = (settings[`${provider}_client_id`] as string | null) ?? '';
  const secretSet = settings[`${provider}_client_secret`] === true;
  const stored = settings[`allowed_${provider}_login`] === true;
  // The switch moves at once and goes back if the server refuses.
  const [allowed, setAllowed] = useState(stored);
  useEffect(() => setAllowed(stored), [stored]);
  const configured = !!storedId && secretSet;

  const write = async (key: string, value: string | boolean | null) => {
    await save.mutateAsync({ name: key, value });
  };

  const { onSubmit, field, error, pending } = useApiForm({
    schema: providerSchema,
    defaultValues: { clientId: storedId, secret: '' },
    // The saved id comes back with the settings; the secret never does.
    formOptions: { values: { clientId: storedId, secret: '' }, resetOptions: { keepDirtyValues: true } },
    mutationFn: async ({ clientId, secret }) => {
      if (clientId !== storedId) await write(`${provider}_client_id`, clientId || null);
      if (secret) await write(`${provider}_client_secret`, secret);
    },
    onSuccess: (_result, _values, form) => {
      form.setValue('secret', '');
      toast.success(t('admin.social.saved', { provider: name }));
    },
  });

  const clearSecret = async () => {
    try {
      await write(`${provider}_client_secret`, null);
      toast.success(t('admin.social.secret_cleared', { provider: name }));
    } catch (caught) {
      toast.error(errorMessage(t, caught));
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 py-6 first:pt-0 last:pb-0"
      aria-labelledby={`${provider}-title`}
    >
      <h3
        id={`${provider}-title`}
        className="flex items-center gap-2.5 text-sm font-semibold text-neutral-900 dark:text-white"
      >
        <span className="flex size-8 items-center justify-center rounded-lg bg-neutral-100 dark:bg-neutral-800">
          {PROVIDER_MARKS[provider]}
        </span>
        {name}
      </h3>
      {error && <Notice tone="error">{error}</Notice>}
      <Switch
        label={t('admin.social.enable', { provider: name })}
        description={configured ? t('admin.social.ready') : t('admin.social.enable_hint')}
        checked={allowed}
        onChange={(e) => {
          const on = e.target.checked;
          setAllowed(on);
          write(`allowed_${provider}_login`, on).catch((caught: unknown) => {
            setAllowed(!on);
            toast.error(errorMessage(t, caught));
          });
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('admin.social.client_id')} autoComplete="off" spellCheck={false} {...field('clientId')} />
        <TextField
          label={t('admin.social.client_secret')}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          placeholder={secretSet ? '••••••••••••' : ''}
          {...field('secret')}
          hint={secretSet ? t('admin.social.secret_set') : t('admin.social.secret_missing')}
          action={
            secretSet ? (
              <button
                type="button"
                className="text-sm font-medium text-red-600 hover:underline dark:text-red-400"
                onClick={() => void clearSecret()}
                aria-label={`${t('admin.social.clear_secret')}: ${t('admin.social.client_secret')} (${name})`}
              >
                {t('admin.social.clear_secret')}
              </button>
            ) : undefined
          }
        />
      </div>
      <div>
        <LinkField link={`${host}/socialite/${provider}/callback`} label={t('admin.social.callback')} compact />
        <p className="mt-1.5 text-sm text-neutral-500 dark:text-neutral-400">{t('admin.social.callback_hint')}</p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={pending}>
          {t('admin.social.save', { provider: name })}
        </Button>
      </div>
    </form>
  );
}
