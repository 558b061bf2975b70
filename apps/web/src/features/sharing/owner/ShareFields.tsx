import { SHARE_EXPIRATION_HOURS, type SharePermission } from '@filestore/contract';
import { Eye, Info, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SelectField, TextField } from '../../../ui/Field';
import { RadioCards } from '../../../ui/RadioCards';

/** Spec §9 expiration choices; '' is "never" (and, in the edit popup, "keep" comes first). */
export type ExpirationChoice = '' | 'keep' | `${(typeof SHARE_EXPIRATION_HOURS)[number]}`;

type Hours = (typeof SHARE_EXPIRATION_HOURS)[number];

export function expirationHours(choice: ExpirationChoice): Hours | null {
  return choice === '' || choice === 'keep' ? null : (Number(choice) as Hours);
}

/** Folders: two clear choices. Files are always view-only, and the popup says so instead. */
export function PermissionChoice({
  folder,
  value,
  onChange,
}: {
  folder: boolean;
  value: SharePermission;
  onChange: (value: SharePermission) => void;
}) {
  const { t } = useTranslation();
  if (!folder) {
    return (
      <p className="flex gap-2.5 rounded-xl bg-neutral-50 p-3.5 text-sm leading-6 text-neutral-700 dark:bg-neutral-800/50 dark:text-neutral-300">
        <Info className="mt-1 size-4 shrink-0 text-neutral-400" aria-hidden />
        {t('sharing.file_view_only')}
      </p>
    );
  }
  return (
    <RadioCards
      legend={t('sharing.permission')}
      name="permission"
      value={value}
      onChange={onChange}
      options={[
        {
          value: 'visitor',
          label: t('sharing.permission_visitor'),
          description: t('sharing.permission_visitor_description'),
          icon: <Eye className="size-4 text-neutral-500 dark:text-neutral-400" aria-hidden />,
        },
        {
          value: 'editor',
          label: t('sharing.permission_editor'),
          description: t('sharing.permission_editor_description'),
          icon: <Pencil className="size-4 text-neutral-500 dark:text-neutral-400" aria-hidden />,
        },
      ]}
    />
  );
}

export function ExpirationSelect({
  value,
  onChange,
  keepLabel,
  hint,
}: {
  value: ExpirationChoice;
  onChange: (value: ExpirationChoice) => void;
  /** In the edit popup: the first option leaves the expiry as it is. */
  keepLabel?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const options = [
    ...(keepLabel ? [{ value: 'keep', label: keepLabel }] : []),
    { value: '', label: t('sharing.expiration_never') },
    ...SHARE_EXPIRATION_HOURS.map((hours) => ({
      value: String(hours),
      label:
        hours < 24
          ? t('sharing.expiration_hours', { count: hours })
          : t('sharing.expiration_days', { count: hours / 24 }),
    })),
  ];
  return (
    <div className="space-y-1.5">
      <SelectField
        label={t('sharing.expiration')}
        value={value}
        onChange={(e) => onChange(e.target.value as ExpirationChoice)}
        options={options}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className="text-sm text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A password field with a Show/Hide button; new passwords are never filled in by the browser. */
export function PasswordInput({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete="new-password"
      value={value}
      autoFocus={autoFocus}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      action={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('sharing.hide_password') : t('sharing.show_password')}
          className="-my-2 min-h-9 rounded-lg px-2 text-sm font-semibold text-accent-strong hover:bg-accent/10 focus-visible:outline-2 focus-visible:outline-accent dark:text-accent"
        >
          {visible ? t('sharing.hide') : t('sharing.show')}
        </button>
      }
    />
  );
}
