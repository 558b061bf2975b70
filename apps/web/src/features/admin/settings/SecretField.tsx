import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../ui/Field';

interface SecretFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  /** Whether a secret is saved: the server says only that, never the value. */
  isSet: boolean;
  /** Removes the saved secret; without it there is no remove button. */
  onClear?: () => void;
  clearLabel?: string;
  hint?: ReactNode;
  error?: string;
}

/**
 * A write-only secret (a client secret, an SMTP password, an S3 secret key): the saved value never
 * comes back, so the field starts empty and says whether one is saved. Takes a form's `field(name)`
 * (or value and onChange) like any TextField.
 */
export function SecretField({ label, isSet, onClear, clearLabel, hint, disabled, ...rest }: SecretFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      placeholder={isSet ? '••••••••••••' : undefined}
      disabled={disabled}
      hint={hint ?? t(isSet ? 'admin.secret.set' : 'admin.secret.unset')}
      {...rest}
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
