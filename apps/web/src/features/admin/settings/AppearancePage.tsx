import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { applyAccentColour, useConfig } from '../../../lib/config';
import { errorMessage, serverFieldErrors, type FieldErrors } from '../../../lib/forms';
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
import { SettingsTabs } from './SettingsTabs';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** /admin/settings/appearance: the name, description and colour, and the logos and icons (ADR 0043). */
export function AppearancePage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <SettingsTabs />
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
    </div>
  );
}

function IdentityForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const [title, setTitle] = useState(text(saved.app_title));
  const [description, setDescription] = useState(text(saved.app_description));
  const [colour, setColour] = useState(text(saved.app_color) || '#00BC7E');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {
      app_title: title.trim() ? undefined : t('validation.required'),
      app_color: HEX.test(colour.trim()) ? undefined : t('admin.appearance.colour_invalid'),
    };
    setErrors(next);
    if (next.app_title || next.app_color) return;
    setBusy(true);
    try {
      await write(saved, {
        app_title: title.trim(),
        app_description: description.trim(),
        app_color: colour.trim(),
      });
      applyAccentColour(colour.trim());
      toast.success(t('admin.appearance.saved'));
    } catch (caught) {
      const fields = serverFieldErrors(caught);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(errorMessage(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Card
        title={t('admin.appearance.identity_title')}
        description={t('admin.appearance.identity_description')}
        footer={
          <Button type="submit" loading={busy}>
            {t('admin.appearance.save')}
          </Button>
        }
      >
        <div className="space-y-5">
          <TextField
            label={t('admin.appearance.app_title')}
            name="app_title"
            maxLength={100}
            value={title}
            error={errors.app_title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextField
            label={t('admin.appearance.app_description')}
            name="app_description"
            maxLength={500}
            value={description}
            error={errors.app_description}
            hint={t('admin.appearance.app_description_hint')}
            onChange={(e) => setDescription(e.target.value)}
          />
          <div className="flex items-start gap-3">
            <label className="mt-7 shrink-0">
              <span className="sr-only">{t('admin.appearance.colour_picker')}</span>
              <input
                type="color"
                value={HEX.test(colour) ? colour.toLowerCase() : '#00bc7e'}
                onChange={(e) => setColour(e.target.value.toUpperCase())}
                className="block size-11 cursor-pointer rounded-xl border border-neutral-300 bg-white p-1 dark:border-neutral-700 dark:bg-neutral-900"
              />
            </label>
            <div className="min-w-0 flex-1">
              <TextField
                label={t('admin.appearance.colour')}
                name="app_color"
                spellCheck={false}
                autoComplete="off"
                maxLength={7}
                value={colour}
                error={errors.app_color}
                hint={t('admin.appearance.colour_hint')}
                onChange={(e) => setColour(e.target.value)}
                className="max-w-40 font-mono"
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
