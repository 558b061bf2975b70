import * as Popover from '@radix-ui/react-popover';
import { SmilePlus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from './cn';
import { Emoji, type EmojiStyle } from './Emoji';
import { emojiGroups, type EmojiGroupId } from './emoji-data';

export interface EmojiPickerLabels {
  /** The trigger's accessible name when nothing is chosen, and the popover's. */
  choose: string;
  /** The trigger's accessible name when `value` is set ("Change emoji"). */
  change: string;
  search: string;
  remove: string;
  noResults: string;
  groups: Record<EmojiGroupId, string>;
}

interface EmojiPickerProps {
  value: string | null;
  onChange: (emoji: string | null) => void;
  emojiStyle: EmojiStyle;
  labels: EmojiPickerLabels;
}

/** A button that opens a searchable grid of emoji; the chosen one shows on the button. */
export function EmojiPicker({ value, onChange, emojiStyle, labels }: EmojiPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return emojiGroups;
    return emojiGroups
      .map((g) => ({ ...g, emoji: g.emoji.filter(([, name]) => name.includes(q)) }))
      .filter((g) => g.emoji.length > 0);
  }, [query]);

  const choose = (emoji: string | null) => {
    onChange(emoji);
    setOpen(false);
    setQuery('');
  };

  return (
    <div className="flex items-center gap-2">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-label={value ? labels.change : labels.choose}
          title={value ? labels.change : labels.choose}
          className="inline-flex size-11 items-center justify-center rounded-xl border border-neutral-300 bg-white text-2xl text-neutral-500 transition hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800"
        >
          {value ? <Emoji emoji={value} emojiStyle={emojiStyle} /> : <SmilePlus className="size-5" aria-hidden />}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            side="bottom"
            align="start"
            sideOffset={6}
            collisionPadding={12}
            aria-label={labels.choose}
            className="z-60 flex max-h-[min(22rem,var(--radix-popover-content-available-height))] w-[min(20.5rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-neutral-200 data-[state=open]:animate-[pop-in_120ms_ease-out] dark:bg-neutral-900 dark:ring-neutral-800"
          >
            <div className="border-b border-neutral-200 p-2 dark:border-neutral-800">
              <input
                type="search"
                autoFocus
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={labels.search}
                aria-label={labels.search}
                className="h-10 w-full rounded-lg bg-neutral-100 px-3 text-sm text-neutral-900 placeholder:text-neutral-500 focus:ring-2 focus:ring-accent/40 focus:outline-none dark:bg-neutral-800 dark:text-white dark:placeholder:text-neutral-400"
              />
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
              {groups.length === 0 && (
                <p className="px-2 py-6 text-center text-sm text-neutral-500 dark:text-neutral-400">
                  {labels.noResults}
                </p>
              )}
              {groups.map((group) => (
                <section key={group.id} aria-label={labels.groups[group.id]} className="mb-2">
                  <h3 className="px-1.5 pt-1 pb-1 text-xs font-semibold text-neutral-500 dark:text-neutral-400">
                    {labels.groups[group.id]}
                  </h3>
                  <div className="grid grid-cols-8 gap-0.5">
                    {group.emoji.map(([emoji, name]) => (
                      <button
                        key={emoji}
                        type="button"
                        title={name}
                        aria-label={name}
                        aria-pressed={emoji === value}
                        onClick={() => choose(emoji)}
                        className={cn(
                          'flex aspect-square items-center justify-center rounded-lg text-[22px] transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent dark:hover:bg-neutral-800',
                          emoji === value && 'bg-accent/15',
                        )}
                      >
                        <Emoji emoji={emoji} emojiStyle={emojiStyle} />
                      </button>
                    ))}
                  </div>
                </section>
              ))}
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {value && (
        <button
          type="button"
          onClick={() => onChange(null)}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-300 dark:hover:bg-neutral-800"
        >
          <X className="size-4" aria-hidden />
          {labels.remove}
        </button>
      )}
    </div>
  );
}
