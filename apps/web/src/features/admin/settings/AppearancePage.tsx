import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { applyAccentColour, useConfig } from '../../../lib/config';
import { useApiForm } from '../../../lib/form';
import { errorMessage, serverFieldErrors } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { cn } from '../../../ui/cn';
import {
  IMAGE_SETTINGS,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  useAdminSettings,
  useAppearanceImage,
  useWriteSettings,
  type AdminSettings,
  type ImageSetting,
  settingText as text,
} from './settings.api';
import { SettingsPage } from './SettingsTabs';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** /admin/settings/appearance: the name, description and colour, and the logos and icons (ADR 0043). */
export function AppearancePage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <SettingsPage>
      {settings.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : settings.isError ? (
        <Notice tone="error">{errorMessage(t, settings.error)}</Notice>
      ) : (
        <div className="space-y-6">
          <IdentityForm saved={settings.data} />
          <Card title={t('admin.appearance.images_title')} description={t('admin.appearance.images_description')}>
            <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
              {IMAGE_SETTINGS.map((key) => (
                <ImageSlot key={key} name={key} />
              ))}
            </ul>
          </Card>
        </div>
      )}
    </SettingsPage>
  );
}

/** The app's name, description and accent colour, as the settings take them. */
const identitySchema = z.object({
  app_title: z.string().trim().min(1).max(100),
  app_description: z.string().trim().max(500),
  app_color: z.string().trim().regex(HEX, { message: 'admin.appearance.colour_invalid' }),
});

function IdentityForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema: identitySchema,
    defaultValues: {
      app_title: text(saved.app_title),
      app_description: text(saved.app_description),
      app_color: text(saved.app_color) || '#00BC7E',
    },
    mutationFn: (values) => write(saved, values),
    onSuccess: (_result, values) => {
      applyAccentColour(values.app_color);
      toast.success(t('admin.appearance.saved'));
    },
  });
  const colour = form.watch('app_color');

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('admin.appearance.identity_title')}
        description={t('admin.appearance.identity_description')}
        footer={
          <Button type="submit" loading={pending}>
            {t('admin.appearance.save')}
          </Button>
        }
      >
        <div className="space-y-5">
          {error && <Notice tone="error">{error}</Notice>}
          <TextField label={t('admin.appearance.app_title')} maxLength={100} {...field('app_title')} />
          <TextField
            label={t('admin.appearance.app_description')}
            maxLength={500}
            hint={t('admin.appearance.app_description_hint')}
            {...field('app_description')}
          />
          <div className="flex items-start gap-3">
            <label className="mt-7 shrink-0">
              <span className="sr-only">{t('admin.appearance.colour_picker')}</span>
              <input
                type="color"
                value={HEX.test(colour) ? colour.toLowerCase() : '#00bc7e'}
                onChange={(e) =>
                  form.setValue('app_color', e.target.value.toUpperCase(), {
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
                className="block size-11 cursor-pointer rounded-xl border border-neutral-300 bg-white p-1 dark:border-neutral-700 dark:bg-neutral-900"
              />
            </label>
            <div className="min-w-0 flex-1">
              <TextField
                label={t('admin.appearance.colour')}
                spellCheck={false}
                autoComplete="off"
                maxLength={7}
                hint={t('admin.appearance.colour_hint')}
                className="max-w-40 font-mono"
                {...field('app_color')}
              />
            </div>
          </div>
        </div>
      </Card>
    </form>
  );
}

/** One image: its preview (on a dark ground for the dark-mode ones), upload or replace, remove. */
function ImageSlot({ name }: { name: ImageSetting }) {
  const { t } = useTranslation();
  const { logos } = useConfig();
  const mutation = useAppearanceImage(name);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [error, setError] = useState<string>();
  const url = {
    app_logo: logos.main,
    app_logo_dark: logos.mainDark,
    app_logo_horizontal: logos.horizontal,
    app_logo_horizontal_dark: logos.horizontalDark,
    app_favicon: logos.favicon,
    app_touch_icon: logos.touchIcon,
    app_og_image: logos.ogImage,
  }[name];
  const label = t(`admin.appearance.image.${name}`);
  const dark = name.endsWith('_dark');

  const run = async (file: File | null) => {
    setError(undefined);
    if (file && !IMAGE_TYPES.includes(file.type)) return setError(t('admin.appearance.wrong_type'));
    if (file && file.size > MAX_IMAGE_BYTES) return setError(t('admin.appearance.too_large'));
    try {
      await mutation.mutateAsync(file);
      toast.success(t(file ? 'admin.appearance.uploaded' : 'admin.appearance.removed', { name: label }));
    } catch (caught) {
      setError(serverFieldErrors(caught)[name] ?? errorMessage(t, caught));
    }
  };

  return (
    <li className="flex flex-col gap-4 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-center" data-image-setting={name}>
      <div
        className={cn(
          'flex h-20 w-full shrink-0 items-center justify-center overflow-hidden rounded-xl ring-1 sm:w-40',
          dark
            ? 'bg-neutral-900 ring-neutral-700'
            : 'bg-[repeating-conic-gradient(#f1f1f1_0_25%,#fff_0_50%)] bg-[length:16px_16px] ring-neutral-200 dark:bg-[repeating-conic-gradient(#262626_0_25%,#1a1a1a_0_50%)] dark:ring-neutral-800',
        )}
      >
        {url ? (
          <img src={url} alt={label} className="max-h-16 max-w-[9rem] object-contain" />
        ) : (
          <span className={cn('text-sm', dark ? 'text-neutral-400' : 'text-neutral-500 dark:text-neutral-400')}>
            {t('admin.appearance.none')}
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold text-neutral-900 dark:text-white">{label}</h3>
        <p id={hintId} className="mt-0.5 text-sm text-neutral-500 dark:text-neutral-400">
          {t(`admin.appearance.image.${name}_hint`)}
        </p>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-image-input={name}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (file) void run(file);
          }}
        />
        <Button
          variant="secondary"
          icon={<ImageUp className="size-4" aria-hidden />}
          loading={mutation.isPending && mutation.variables !== null}
          aria-describedby={hintId}
          aria-label={`${t(url ? 'admin.appearance.replace' : 'admin.appearance.upload')}: ${label}`}
          onClick={() => input.current?.click()}
        >
          {t(url ? 'admin.appearance.replace' : 'admin.appearance.upload')}
        </Button>
        {url && (
          <Button
            variant="ghost"
            icon={<Trash2 className="size-4" aria-hidden />}
            loading={mutation.isPending && mutation.variables === null}
            aria-label={`${t('admin.appearance.remove')}: ${label}`}
            onClick={() => void run(null)}
          >
            {t('admin.appearance.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}
