import { EMAIL_PATTERN } from '@filestore/contract';
import { X } from 'lucide-react';
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { cn } from '../../../ui/cn';

export const EMAILS_MAX = 20;
const separators = /[\s,;]+/;

interface EmailChipsProps {
  label: string;
  /** The section's heading already says it: keep the label for screen readers only. */
  hideLabel?: boolean;
  hint?: string;
  value: string[];
  onChange: (emails: string[]) => void;
  /** An error from outside (the server's), shown like the field's own. */
  error?: string;
  /** What is still typed: the form adds it on submit. */
  draft: string;
  onDraftChange: (draft: string) => void;
}

/**
 * Addresses as chips: Enter, a comma, a space or leaving the field adds what was typed (spec §5
 * email rule); pasting a list adds them all; Backspace in the empty field takes the last one back.
 */
export function EmailChips({ label, hideLabel, hint, value, onChange, error, draft, onDraftChange }: EmailChipsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [ownError, setOwnError] = useState<string>();
  const shown = ownError ?? error;

  const add = (raw: string): boolean => {
    const parts = raw
      .split(separators)
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean);
    if (!parts.length) return true;
    const bad = parts.find((p) => !EMAIL_PATTERN.test(p));
    if (bad) {
      setOwnError(t('sharing.email_invalid', { email: bad }));
      return false;
    }
    const next = [...value];
    for (const p of parts) if (!next.includes(p)) next.push(p);
    if (next.length > EMAILS_MAX) {
      setOwnError(t('sharing.emails_too_many', { count: EMAILS_MAX }));
      return false;
    }
    setOwnError(undefined);
    onChange(next);
    onDraftChange('');
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === ',' || e.key === ';' || e.key === ' ') && draft.trim()) {
      e.preventDefault();
      add(draft);
    } else if (e.key === 'Enter') {
      // An empty Enter would submit the whole form from here: only add addresses.
      e.preventDefault();
    } else if (e.key === 'Backspace' && !draft && value.length) {
      e.preventDefault();
      onDraftChange(value[value.length - 1]!);
      onChange(value.slice(0, -1));
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (separators.test(text.trim())) {
      e.preventDefault();
      add(`${draft} ${text}`);
    }
  };

  return (
    <div className="space-y-1.5">
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'text-sm font-medium text-neutral-800 dark:text-neutral-200'}
      >
        {label}
      </label>
      <div
        className={cn(
          'flex min-h-11 flex-wrap items-center gap-1.5 rounded-xl border bg-white px-2 py-1.5 shadow-xs transition focus-within:ring-4 dark:bg-neutral-900',
          shown
            ? 'border-red-500 focus-within:ring-red-500/20 dark:border-red-400'
            : 'border-neutral-300 focus-within:border-accent focus-within:ring-accent/20 dark:border-neutral-700',
        )}
      >
        <ul className="contents" aria-label={t('sharing.recipients')}>
          {value.map((email) => (
            <li
              key={email}
              className="inline-flex max-w-full items-center gap-0.5 rounded-lg bg-neutral-100 py-0.5 pr-0.5 pl-2.5 text-sm text-neutral-800 dark:bg-neutral-800 dark:text-neutral-100"
            >
              <span className="truncate">{email}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== email))}
                aria-label={t('sharing.remove_email', { email })}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:hover:bg-neutral-700 dark:hover:text-white"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          type="text"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          autoComplete="off"
          value={draft}
          placeholder={value.length ? '' : t('sharing.emails_placeholder')}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => {
            const text = e.target.value;
            if (/[,;\s]/.test(text)) {
              if (!add(text)) onDraftChange(text.replace(/[,;\s]+$/, ''));
            } else {
              onDraftChange(text);
              if (ownError) setOwnError(undefined);
            }
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => draft.trim() && add(draft)}
          className="h-8 min-w-40 flex-1 bg-transparent px-1.5 text-[15px] text-neutral-900 outline-none placeholder:text-neutral-400 dark:text-neutral-100 dark:placeholder:text-neutral-500"
        />
      </div>
      {shown ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {shown}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The chips plus what is still typed, checked: the list to send, or null when something is wrong. */
export function collectEmails(value: string[], draft: string): string[] | null {
  const typed = draft
    .split(separators)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (typed.some((p) => !EMAIL_PATTERN.test(p))) return null;
  return [...new Set([...value, ...typed])];
}
