import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  description?: string;
  icon?: ReactNode;
  /** Shown but not selectable, e.g. a choice whose feature is not built yet. */
  disabled?: boolean;
  /** A pill beside the label, e.g. "Coming soon". */
  badge?: ReactNode;
}

interface RadioCardsProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  options: Array<RadioOption<V>>;
  onChange: (value: V) => void;
  columns?: 2 | 3;
  disabled?: boolean;
}

/** Native radios styled as cards: arrow keys move between them, labels name them. */
export function RadioCards<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  columns = 2,
  disabled,
}: RadioCardsProps<V>) {
  const base = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-neutral-800 dark:text-neutral-200">{legend}</legend>
      <div className={cn('grid gap-3', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {options.map((option) => {
          const id = `${base}-${option.value}`;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'relative flex gap-3 rounded-xl border p-4 transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-accent/25',
                option.disabled ? 'cursor-not-allowed' : 'cursor-pointer',
                checked
                  ? 'border-accent bg-accent/6 dark:bg-accent/10'
                  : option.disabled
                    ? 'border-dashed border-neutral-200 dark:border-neutral-800'
                    : 'border-neutral-200 hover:border-neutral-300 dark:border-neutral-800 dark:hover:border-neutral-700',
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 shrink-0"
              />
              <span className="min-w-0">
                <span
                  className={cn(
                    'flex flex-wrap items-center gap-2 text-sm font-semibold',
                    option.disabled
                      ? 'text-neutral-500 dark:text-neutral-400'
                      : 'text-neutral-900 dark:text-neutral-100',
                  )}
                >
                  {option.icon}
                  {option.label}
                  {option.badge}
                </span>
                {option.description && (
                  <span className="mt-1 block text-sm text-neutral-500 dark:text-neutral-400">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
