import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../ui/Field';

interface SecretFieldProps {
  label: string;
  name: string;
  /** What is typed now; empty keeps the saved secret. */
  value: string;
  onChange: (value: string) => void;
  /** Whether a secret is saved: the server says only that, never the value. */
  isSet: boolean;
  /** Removes the saved secret; without it there is no remove button. */
  onClear?: () => void;
  clearLabel?: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
}

/**
 * A write-only secret (a client secret, an SMTP password, an S3 secret key): the saved value never
 * comes back, so the field starts empty and says whether one is saved.
 */
export function SecretField({
  label,
  name,
  value,
  onChange,
  isSet,
  onClear,
  clearLabel,
  hint,
  error,
  disabled,
}: SecretFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      placeholder={isSet ? '••••••••••••' : undefined}
      value={value}
      disabled={disabled}
      error={error}
      hint={hint ?? t(isSet ? 'admin.secret.set' : 'admin.secret.unset')}
      onChange={(e) => onChange(e.target.value)}
      action={
        isSet && onClear ? (
          <button
            type="button"
            disabled={disabled}
            onClick={onClear}
            aria-label={`${clearLabel}: ${label}`}
            className="text-sm font-medium text-red-700 hover:underline disabled:opacity-50 dark:text-red-400"
          >
            {clearLabel}
          </button>
        ) : undefined
      }
    />
  );
}
