import { Check } from 'lucide-react';
import { cn } from './cn';

/** Folder colours besides the default (the accent): distinct from each other in light and dark. */
export const FOLDER_COLOURS = [
  ['teal', '#14B8A6'],
  ['sky', '#0EA5E9'],
  ['blue', '#3B82F6'],
  ['indigo', '#6366F1'],
  ['violet', '#8B5CF6'],
  ['fuchsia', '#D946EF'],
  ['pink', '#EC4899'],
  ['rose', '#F43F5E'],
  ['orange', '#F97316'],
  ['amber', '#F59E0B'],
  ['lime', '#84CC16'],
  ['slate', '#64748B'],
] as const;
export type FolderColourName = (typeof FOLDER_COLOURS)[number][0];

interface ColourPickerProps {
  value: string | null;
  onChange: (colour: string | null) => void;
  /** Accessible name of the group. */
  label: string;
  defaultLabel: string;
  /** Accessible name of a swatch, from its name (`teal`, `sky`…). */
  colourLabel: (name: FolderColourName) => string;
}

/** A row of colour swatches as a radio group (arrow keys move, like any radio group). */
export function ColourPicker({ value, onChange, label, defaultLabel, colourLabel }: ColourPickerProps) {
  const options: Array<{ colour: string | null; name: string }> = [
    { colour: null, name: defaultLabel },
    ...FOLDER_COLOURS.map(([name, colour]) => ({ colour, name: colourLabel(name) })),
  ];
  const current = value?.toUpperCase() ?? null;
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
      {options.map(({ colour, name }) => {
        const checked = colour === current;
        return (
          <label
            key={colour ?? 'default'}
            title={name}
            className={cn(
              'relative flex size-9 cursor-pointer items-center justify-center rounded-full ring-offset-2 ring-offset-white transition dark:ring-offset-neutral-900',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
              checked && 'ring-2 ring-neutral-900 dark:ring-white',
            )}
            style={{ backgroundColor: colour ?? 'var(--accent)' }}
          >
            <input
              type="radio"
              name={label}
              aria-label={name}
              checked={checked}
              onChange={() => onChange(colour)}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full focus:outline-none"
            />
            {checked && <Check className="size-4.5 text-white drop-shadow" strokeWidth={3} aria-hidden />}
          </label>
        );
      })}
    </div>
  );
}
