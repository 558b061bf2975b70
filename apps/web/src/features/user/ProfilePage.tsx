import type { EmojiType, ThemeMode } from '@filestore/contract';
import { Lock, Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useTheme } from '../../lib/theme';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { RadioCards } from '../../ui/RadioCards';
import { Switch } from '../../ui/Switch';
import { PageSpinner } from '../../ui/Spinner';
import { AvatarCard } from './AvatarCard';
import { useUpdateSetting, useUser } from './user.api';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const setMode = useTheme((s) => s.setMode);
  const [saved, setSaved] = useState(false);
  const updateSetting = useUpdateSetting(() => toast.error(t('errors.settings_not_saved')));
  const settings = user?.relationships.settings.data.attributes;
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');

  useEffect(() => {
    if (!settings) return;
    setFirstName(settings.first_name ?? '');
    setLastName(settings.last_name ?? '');
    // Only when the user record first arrives; typing must not be overwritten.
  }, [user?.id]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 2000);
    return () => clearTimeout(timer);
  }, [saved]);

  if (!user || !settings) return <PageSpinner label={t('common.loading')} />;

  const save = (name: 'first_name' | 'last_name', value: string) => {
    updateSetting({ name, value });
    if (value.trim()) setSaved(true);
  };

  return (
    <div className="space-y-6">
      <AvatarCard user={user} />
      <Card title={t('user.profile.personal')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('fields.first_name')}
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => {
              setFirstName(e.target.value);
              save('first_name', e.target.value);
            }}
          />
          <TextField
            label={t('fields.last_name')}
            autoComplete="family-name"
            value={lastName}
            onChange={(e) => {
              setLastName(e.target.value);
              save('last_name', e.target.value);
            }}
          />
          <div className="sm:col-span-2">
            <ReadOnlyEmail email={user.attributes.email} />
          </div>
        </div>
        <p aria-live="polite" className="mt-3 h-5 text-sm text-accent-strong dark:text-accent">
          {saved ? t('user.profile.saved') : ''}
        </p>
      </Card>
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
