import {
  TIMEZONE_OFFSETS,
  timezoneOffsetLabel,
  userSettingFields,
  type EmojiType,
  type ThemeMode,
  type UserSettingUpdate,
} from '@filestore/contract';
import { Check, Lock, Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useCountryOptions } from '../../lib/countries';
import { formatDateAt } from '../../lib/dates';
import { errorMessage, serverFieldErrors } from '../../lib/forms';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useTheme } from '../../lib/theme';
import { Card } from '../../ui/Card';
import { SelectField, TextField } from '../../ui/Field';
import { RadioCards } from '../../ui/RadioCards';
import { Switch } from '../../ui/Switch';
import { PageSpinner } from '../../ui/Spinner';
import { AvatarCard } from './AvatarCard';
import { LanguageCard } from './LanguageCard';
import { useUpdateSetting, useUser, type User } from './user.api';

/** The profile's typed fields: each saved on its own, debounced, as the user types (spec §7). */
const TEXT_FIELDS = ['first_name', 'last_name', 'address', 'city', 'postal_code', 'state', 'phone_number'] as const;
type TextName = (typeof TEXT_FIELDS)[number];
type FormName = TextName | 'country' | 'timezone';
type Status = 'saving' | 'saved';
const SAVED_VISIBLE_MS = 2500;

/**
 * Per-field saving: the contract's own rule checks a value before it is sent (so a mistake shows
 * at once, under its field), then the debounced settings call; "Saving…", a quiet "Saved" that
 * fades, or the server's reason under the field.
 */
function useFieldSaves(t: TFunction) {
  const updateSetting = useUpdateSetting();
  const [status, setStatus] = useState<Partial<Record<FormName, Status>>>({});
  const [errors, setErrors] = useState<Partial<Record<FormName, string>>>({});
  const fades = useRef(new Map<FormName, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = fades.current;
    return () => timers.forEach(clearTimeout);
  }, []);

  const mark = (name: FormName, next: Status | undefined, error?: string) => {
    clearTimeout(fades.current.get(name));
    setStatus((s) => ({ ...s, [name]: next }));
    setErrors((e) => ({ ...e, [name]: error }));
    if (next === 'saved')
      fades.current.set(
        name,
        setTimeout(() => setStatus((s) => ({ ...s, [name]: undefined })), SAVED_VISIBLE_MS),
      );
  };

  const save = (name: FormName, value: string) => {
    const checked = userSettingFields[name].safeParse(value);
    if (!checked.success) return mark(name, undefined, t(`user.profile.invalid.${name}`));
    mark(name, 'saving');
    updateSetting({ name, value: checked.data } as UserSettingUpdate, {
      force: true,
      onSaved: () => mark(name, 'saved'),
      onError: (error) => mark(name, undefined, serverFieldErrors(error)[name] ?? errorMessage(t, error)),
    });
  };
  return { status, errors, save };
}

/** "Saving…" or a quiet "Saved" beside a field's label; announced politely. */
function SaveStatus({ state }: { state: Status | undefined }) {
  const { t } = useTranslation();
  return (
    <span role="status" className="flex items-center gap-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">
      {state === 'saving' && t('user.profile.saving')}
      {state === 'saved' && (
        <>
          <Check className="size-3.5 text-accent-strong dark:text-accent" aria-hidden />
          {t('user.profile.saved')}
        </>
      )}
    </span>
  );
}

const browserOffsetHours = () => -new Date().getTimezoneOffset() / 60;

export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const setMode = useTheme((s) => s.setMode);
  const updateSetting = useUpdateSetting(() => toast.error(t('errors.settings_not_saved')));
  const fields = useFieldSaves(t);
  const countries = useCountryOptions(i18n.language);
  const settings = user?.relationships.settings.data.attributes;
  const [values, setValues] = useState<Record<TextName, string>>(() => textValues(user));

  useEffect(() => {
    setValues(textValues(user));
    // Only when the user record first arrives; typing must not be overwritten.
  }, [user?.id]);

  if (!user || !settings) return <PageSpinner label={t('common.loading')} />;

  const text = (name: TextName, label: string, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      error={fields.errors[name]}
      action={<SaveStatus state={fields.status[name]} />}
      onChange={(e) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        fields.save(name, value);
      }}
      {...props}
    />
  );

  const browserLabel = timezoneOffsetLabel(browserOffsetHours());
  const chosen = settings.timezone;
  const now = Date.now();
  const clock = formatDateAt(now, 'time', chosen === null ? null : Math.round(Number(chosen) * 60));

  return (
    <div className="space-y-6">
      <AvatarCard user={user} />
      <Card title={t('user.profile.personal')}>
        <div className="grid gap-5 sm:grid-cols-2">
          {text('first_name', t('fields.first_name'), { autoComplete: 'given-name' })}
          {text('last_name', t('fields.last_name'), { autoComplete: 'family-name' })}
          <div className="sm:col-span-2">
            <ReadOnlyEmail email={user.attributes.email} />
          </div>
        </div>
      </Card>
      <Card title={t('user.profile.address')} description={t('user.profile.address_description')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {text('address', t('fields.address'), { autoComplete: 'address-line1', maxLength: 255 })}
          </div>
          {text('city', t('fields.city'), { autoComplete: 'address-level2', maxLength: 100 })}
          {text('postal_code', t('fields.postal_code'), { autoComplete: 'postal-code', maxLength: 16 })}
          {text('state', t('fields.state'), { autoComplete: 'address-level1', maxLength: 100 })}
          <SelectField
            label={t('fields.country')}
            name="country"
            autoComplete="country"
            value={settings.country ?? ''}
            error={fields.errors.country}
            action={<SaveStatus state={fields.status.country} />}
            onChange={(e) => fields.save('country', e.target.value)}
            options={[{ value: '', label: t('user.profile.country_none') }, ...countries]}
          />
          <div className="sm:col-span-2">
            {text('phone_number', t('fields.phone_number'), {
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'tel',
              maxLength: 32,
              hint: t('user.profile.phone_hint'),
            })}
          </div>
        </div>
      </Card>
      <Card title={t('user.profile.time')}>
        <SelectField
          label={t('fields.timezone')}
          name="timezone"
          value={chosen ?? ''}
          error={fields.errors.timezone}
          action={<SaveStatus state={fields.status.timezone} />}
          hint={
            chosen === null
              ? t('user.profile.timezone_auto_hint', { time: clock })
              : t('user.profile.timezone_hint', { offset: timezoneOffsetLabel(chosen), time: clock })
          }
          onChange={(e) => fields.save('timezone', e.target.value)}
          options={[
            { value: '', label: t('user.profile.timezone_auto', { offset: browserLabel }) },
            ...TIMEZONE_OFFSETS.map((offset) => ({ value: offset, label: timezoneOffsetLabel(offset) })),
          ]}
        />
      </Card>
      <LanguageCard user={user} />
      <Card title={t('user.profile.appearance')}>
        <div className="space-y-6">
          <RadioCards<ThemeMode>
            legend={t('user.profile.theme')}
            name="theme_mode"
            value={settings.theme_mode}
            columns={3}
            onChange={(value) => {
              setMode(value);
              updateSetting({ name: 'theme_mode', value });
            }}
            options={[
              { value: 'light', label: t('theme.light'), icon: <Sun className="size-4" aria-hidden /> },
              { value: 'dark', label: t('theme.dark'), icon: <Moon className="size-4" aria-hidden /> },
              { value: 'system', label: t('theme.system'), icon: <Monitor className="size-4" aria-hidden /> },
            ]}
          />
          <RadioCards<EmojiType>
            legend={t('user.profile.emoji')}
            name="emoji_type"
            value={settings.emoji_type}
            onChange={(value) => updateSetting({ name: 'emoji_type', value })}
            options={[
              { value: 'twemoji', label: t('emoji.twemoji'), description: t('emoji.twemoji_hint') },
              { value: 'applemoji', label: t('emoji.applemoji'), description: t('emoji.applemoji_hint') },
            ]}
          />
        </div>
      </Card>
      <Card title={t('user.profile.notifications')}>
        <Switch
          label={t('notifications.mail_title')}
          description={t('notifications.mail_description')}
          checked={settings.mail_notifications}
          onChange={(e) => updateSetting({ name: 'mail_notifications', value: e.target.checked })}
        />
      </Card>
    </div>
  );
}

function textValues(user: User | undefined): Record<TextName, string> {
  const settings = user?.relationships.settings.data.attributes;
  return Object.fromEntries(TEXT_FIELDS.map((name) => [name, settings?.[name] ?? ''])) as Record<TextName, string>;
}

/**
 * The sign-in address, plainly not a field to type in: shown as text on a quiet surface with a
 * lock, and why it can't be changed here. Still selectable, so it can be copied.
 */
function ReadOnlyEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {t('fields.email')}
      </label>
      <div className="flex min-h-11 items-center gap-2.5 rounded-xl bg-neutral-100 px-3.5 focus-within:ring-2 focus-within:ring-accent/30 dark:bg-neutral-800/70">
        <Lock className="size-4 shrink-0 text-neutral-400 dark:text-neutral-500" aria-hidden />
        <input
          id={id}
          type="email"
          readOnly
          value={email}
          aria-describedby={`${id}-why`}
          className="min-w-0 flex-1 cursor-default truncate bg-transparent py-2 text-[15px] text-neutral-700 focus:outline-none dark:text-neutral-300"
        />
      </div>
      <p id={`${id}-why`} className="text-sm text-neutral-500 dark:text-neutral-400">
        {t('user.profile.email_read_only')}
      </p>
    </div>
  );
}
