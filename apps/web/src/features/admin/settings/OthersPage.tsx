import { EMAIL_PATTERN, type SubscriptionType } from '@filestore/contract';
import { ShieldCheck, X } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Link } from '../../../app/routing';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { RadioCards } from '../../../ui/RadioCards';
import { PageSpinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { ConfirmDialog } from '../../files/dialogs/ConfirmDialog';
import { settingText as text, useAdminSettings, useWriteSettings, type AdminSettings } from './settings.api';
import { SettingsPage } from './SettingsTabs';
import { BillingGaps, useBillingGaps } from './BillingReadiness';

/** Mirrors the server's rules (settings registry), so most mistakes show before a round trip. */
const ANALYTICS_ID = /^(?:(?:G|GT|AW)-[A-Z0-9]{4,16}|UA-\d{4,12}-\d{1,4})$/;
const BLOCKED_TYPE = /^[a-z0-9][a-z0-9.+_-]{0,63}(?:\/[a-z0-9*][a-z0-9.+_*-]{0,63})?$/;

/** Writes each changed setting in turn, then lets this tab's own configuration catch up. */
/** /admin/settings/others: subscriptions, contact and analytics, storage and upload rules. */
export function OthersPage() {
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
          <SubscriptionCard saved={settings.data} />
          <ContactForm saved={settings.data} />
          <LimitsForm saved={settings.data} />
          <Card title={t('admin.others.human_check_title')} description={t('admin.others.human_check_description')}>
            <Link
              to="/admin/settings/sign-in"
              className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-accent-strong hover:underline dark:text-accent"
            >
              <ShieldCheck className="size-4" aria-hidden />
              {t('admin.others.human_check_link')}
            </Link>
          </Card>
        </div>
      )}
    </SettingsPage>
  );
}

const SUBSCRIPTIONS: SubscriptionType[] = ['none', 'fixed', 'metered'];

function SubscriptionCard({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const current = saved.subscription_type as SubscriptionType;
  const [asked, setAsked] = useState<SubscriptionType | null>(null);
  const gapsOf = useBillingGaps();
  return (
    <Card title={t('admin.others.subscription_title')} description={t('admin.others.subscription_description')}>
      <div className="space-y-4">
        <RadioCards
          legend={t('admin.others.subscription_title')}
          name="subscription_type"
          columns={3}
          value={current}
          onChange={(type) => type !== current && setAsked(type)}
          options={SUBSCRIPTIONS.map((type) => ({
            value: type,
            label: t(`admin.others.subscription.${type}`),
            description: t(`admin.others.subscription.${type}_description`),
          }))}
        />
        {current !== 'none' && <BillingGaps type={current} gaps={gapsOf(current)} />}
        <Notice tone="info">{t('admin.others.billing_notice')}</Notice>
      </div>
      {asked && (
        <ConfirmDialog
          title={t('admin.others.confirm_title', { type: t(`admin.others.subscription.${asked}`) })}
          description={t('admin.others.confirm_description')}
          confirmLabel={t('admin.others.confirm')}
          focusCancel
          onClose={() => setAsked(null)}
          onConfirm={async () => {
            try {
              await write(saved, { subscription_type: asked });
              toast.success(t('admin.others.subscription_saved', { type: t(`admin.others.subscription.${asked}`) }));
              setAsked(null);
            } catch (caught) {
              toast.error(errorMessage(t, caught));
            }
          }}
        >
          {asked !== 'none' && <BillingGaps type={asked} gaps={gapsOf(asked)} switching />}
        </ConfirmDialog>
      )}
    </Card>
  );
}

function ContactForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const { onSubmit, field, error, pending } = useApiForm({
    schema: contactSchema,
    defaultValues: { contact_email: text(saved.contact_email), google_analytics: text(saved.google_analytics) },
    mutationFn: (values) => write(saved, values),
    onSuccess: (_result, values, form) => {
      form.setValue('google_analytics', values.google_analytics ?? '');
      toast.success(t('admin.settings.saved'));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('admin.others.contact_title')}
        description={t('admin.others.contact_description')}
        footer={
          <Button type="submit" loading={pending}>
            {t('admin.settings.save')}
          </Button>
        }
      >
        <div className="space-y-5">
          {error && <Notice tone="error">{error}</Notice>}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t('admin.others.contact_email')}
              type="email"
              autoComplete="off"
              hint={t('admin.others.contact_email_hint')}
              {...field('contact_email')}
            />
            <TextField
              label={t('admin.others.analytics')}
              autoComplete="off"
              spellCheck={false}
              placeholder="G-XXXXXXXXXX"
              hint={t('admin.others.analytics_hint')}
              {...field('google_analytics')}
            />
          </div>
        </div>
      </Card>
    </form>
  );
}

/** The contact address (empty: none) and the analytics id (empty: none), as the settings take them. */
const contactSchema = z.object({
  contact_email: z
    .string()
    .trim()
    .refine((value) => !value || EMAIL_PATTERN.test(value), { message: 'validation.email' })
    .transform((value) => value.toLowerCase() || null),
  google_analytics: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => !value || ANALYTICS_ID.test(value), { message: 'admin.others.analytics_invalid' })
    .transform((value) => value || null),
});

const NUMBERS = {
  default_max_storage_amount: [1, 1_000_000],
  default_max_team_member: [-1, 10_000],
  upload_limit: [0, 10_000_000],
  chunk_size: [6, 512],
} as const;
type NumberSetting = keyof typeof NUMBERS;

/** A whole number within the setting's bounds, typed as text. */
function wholeNumber(t: TFunction, [min, max]: readonly [number, number]) {
  const message = t('admin.settings.number_invalid', { min, max });
  return z
    .string()
    .trim()
    .refine((value) => value !== '' && Number.isInteger(Number(value)), { message })
    .transform(Number)
    .pipe(z.number().min(min, { message }).max(max, { message }));
}

function LimitsForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation();
  const write = useWriteSettings();
  const schema = useMemo(
    () =>
      z.object({
        storage_limitation: z.boolean(),
        default_max_storage_amount: wholeNumber(t, NUMBERS.default_max_storage_amount),
        default_max_team_member: wholeNumber(t, NUMBERS.default_max_team_member),
        upload_limit: wholeNumber(t, NUMBERS.upload_limit),
        chunk_size: wholeNumber(t, NUMBERS.chunk_size),
        mimetypes_blacklist: z.array(z.string()),
      }),
    [t],
  );
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: {
      storage_limitation: saved.storage_limitation === true,
      default_max_storage_amount: text(saved.default_max_storage_amount),
      default_max_team_member: text(saved.default_max_team_member),
      upload_limit: text(saved.upload_limit),
      chunk_size: text(saved.chunk_size),
      mimetypes_blacklist: Array.isArray(saved.mimetypes_blacklist) ? (saved.mimetypes_blacklist as string[]) : [],
    },
    mutationFn: (values) => write(saved, values),
    onSuccess: () => toast.success(t('admin.settings.saved')),
  });
  const blocked = form.watch('mimetypes_blacklist');

  const numberField = (name: NumberSetting, label: string, hint: string) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={NUMBERS[name][0]}
      max={NUMBERS[name][1]}
      step={1}
      hint={hint}
      {...field(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('admin.others.limits_title')}
        description={t('admin.others.limits_description')}
        footer={
          <Button type="submit" loading={pending}>
            {t('admin.settings.save')}
          </Button>
        }
      >
        <div className="space-y-5">
          {error && <Notice tone="error">{error}</Notice>}
          <Switch
            label={t('admin.others.storage_limitation')}
            description={t('admin.others.storage_limitation_description')}
            {...form.register('storage_limitation')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            {numberField(
              'default_max_storage_amount',
              t('admin.others.default_storage'),
              t('admin.others.default_storage_hint'),
            )}
            {numberField(
              'default_max_team_member',
              t('admin.others.team_members'),
              t('admin.others.team_members_hint'),
            )}
            {numberField('upload_limit', t('admin.others.upload_limit'), t('admin.others.upload_limit_hint'))}
            {numberField('chunk_size', t('admin.others.chunk_size'), t('admin.others.chunk_size_hint'))}
          </div>
          <TagInput
            value={blocked}
            onChange={(value) => form.setValue('mimetypes_blacklist', value, { shouldDirty: true })}
            error={form.formState.errors.mimetypes_blacklist?.message}
          />
        </div>
      </Card>
    </form>
  );
}

/** The blocked types as removable tags; Enter, a comma or a space adds what was typed. */
function TagInput({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState<string>();

  const add = () => {
    const tokens = draft
      .split(/[\s,]+/)
      .map((token) => token.trim().toLowerCase().replace(/^\.+/, ''))
      .filter(Boolean);
    const bad = tokens.find((token) => !BLOCKED_TYPE.test(token));
    if (bad) {
      setInvalid(t('admin.others.blocked_invalid', { type: bad }));
      return;
    }
    setInvalid(undefined);
    if (tokens.length) onChange([...new Set([...value, ...tokens])]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const message = invalid ?? error;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {t('admin.others.blocked')}
      </label>
      <div
        className={
          'flex min-h-11 flex-wrap items-center gap-1.5 rounded-xl border bg-white px-2 py-1.5 shadow-xs focus-within:ring-4 dark:bg-neutral-900 ' +
          (message
            ? 'border-red-500 focus-within:ring-red-500/20 dark:border-red-400'
            : 'border-neutral-300 focus-within:border-accent focus-within:ring-accent/20 dark:border-neutral-700')
        }
      >
        <ul className="contents" aria-label={t('admin.others.blocked')}>
          {value.map((type) => (
            <li
              key={type}
              className="inline-flex items-center gap-1 rounded-lg bg-neutral-100 py-0.5 pr-0.5 pl-2 font-mono text-sm text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200"
            >
              {type}
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== type))}
                aria-label={t('admin.others.blocked_remove', { type })}
                className="flex size-7 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-white"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          name="mimetypes_blacklist"
          value={draft}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('admin.others.blocked_placeholder')}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add()}
          className="min-w-32 flex-1 bg-transparent px-1.5 text-[15px] text-neutral-900 placeholder:text-neutral-400 focus:outline-none dark:text-neutral-100 dark:placeholder:text-neutral-500"
        />
      </div>
      <p
        id={`${id}-hint`}
        role={message ? 'alert' : undefined}
        className={
          message ? 'text-sm text-red-600 dark:text-red-400' : 'text-sm text-neutral-500 dark:text-neutral-400'
        }
      >
        {message ?? t('admin.others.blocked_hint')}
      </p>
    </div>
  );
}
