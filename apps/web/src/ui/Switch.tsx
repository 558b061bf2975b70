import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  description?: ReactNode;
}

/** A native checkbox with the switch role, so labels, keyboard and form tests work as usual. */
export function Switch({ label, description, id, ...rest }: SwitchProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <div className="min-w-0">
        <label htmlFor={inputId} className="text-sm font-medium text-neutral-900 dark:text-neutral-100">
          {label}
        </label>
        {description && <p className="mt-0.5 text-sm text-neutral-500 dark:text-neutral-400">{description}</p>}
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={inputId}
          type="checkbox"
          role="switch"
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-neutral-300 transition checked:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:bg-neutral-700 dark:checked:bg-accent"
          {...rest}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute top-1 left-1 size-5 rounded-full bg-white shadow transition peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
