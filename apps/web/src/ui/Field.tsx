import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn';

const inputClass = cn(
  'block w-full min-h-11 rounded-xl border bg-white px-3.5 text-[15px] text-neutral-900 shadow-xs transition',
  'placeholder:text-neutral-400 focus:outline-none focus:ring-4',
  'dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-500',
);

function borderClass(error?: string) {
  return error
    ? 'border-red-500 focus:border-red-500 focus:ring-red-500/20 dark:border-red-400'
    : 'border-neutral-300 focus:border-accent focus:ring-accent/20 dark:border-neutral-700 dark:focus:border-accent';
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, action, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
          {label}
        </label>
        {action}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  action?: ReactNode;
}

export function TextField({ label, error, hint, action, id, className, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} action={action}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        className={cn(inputClass, borderClass(error), className)}
        {...rest}
      />
    </FieldShell>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  action?: ReactNode;
  options: Array<{ value: string; label: string }>;
}

export function SelectField({ label, error, hint, action, options, id, className, ...rest }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint} action={action}>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : hint ? `${selectId}-hint` : undefined}
        className={cn(inputClass, borderClass(error), 'appearance-auto pr-8', className)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  action?: ReactNode;
}

export function TextAreaField({ label, error, hint, action, id, className, ...rest }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} action={action}>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        className={cn(inputClass, borderClass(error), 'py-2.5 leading-6', className)}
        {...rest}
      />
    </FieldShell>
  );
}
