import { useState } from 'react';
import { cn } from './cn';

export type EmojiStyle = 'twemoji' | 'applemoji';

/**
 * Twemoji's file name for an emoji: lower-case hex code points joined by "-". The variation
 * selector FE0F is dropped, except inside a zero-width-joiner sequence, where Twemoji keeps it.
 */
export function twemojiName(emoji: string): string {
  const points = [...emoji].map((c) => c.codePointAt(0)!.toString(16));
  return (points.includes('200d') ? points : points.filter((p) => p !== 'fe0f')).join('-');
}

interface EmojiProps {
  emoji: string;
  /** `twemoji` draws the same picture on every device (served by our server); `applemoji` is the device's own. */
  emojiStyle: EmojiStyle;
  /** Accessible name; without it the emoji is decorative. */
  label?: string;
  className?: string;
}

/** One emoji, as a Twemoji picture or the native character (and the native one if the picture is missing). */
export function Emoji({ emoji, emojiStyle, label, className }: EmojiProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (emojiStyle === 'twemoji' && failed !== emoji) {
    return (
      <img
        src={`/emoji/${twemojiName(emoji)}.svg`}
        alt={label ?? ''}
        aria-hidden={label ? undefined : true}
        draggable={false}
        decoding="async"
        loading="lazy"
        onError={() => setFailed(emoji)}
        className={cn('inline-block size-[1em] select-none', className)}
      />
    );
  }
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ fontFamily: '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif' }}
      className={cn('inline-flex size-[1em] items-center justify-center leading-none select-none', className)}
    >
      {emoji}
    </span>
  );
}
