import { useState } from 'react';
import { cn } from './cn';

interface AvatarProps {
  name: string;
  email?: string;
  color: string;
  avatar: { xs: string; sm: string; md: string } | null;
  /** Pixel size; spec §3 picks md at 52 or more, sm above 32, else xs. */
  size?: number;
  className?: string;
}

export function avatarSource(avatar: AvatarProps['avatar'], size: number): string | null {
  if (!avatar) return null;
  if (size >= 52) return avatar.md;
  if (size > 32) return avatar.sm;
  return avatar.xs;
}

/** Dark text on light user colours keeps the initial readable. */
function readableTextOn(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return 'white';
  const n = parseInt(match[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 165 ? '#171717' : 'white';
}

export function Avatar({ name, email, color, avatar, size = 40, className }: AvatarProps) {
  const source = avatarSource(avatar, size);
  // An image that does not load (signed out, a set just replaced) falls back to the initial.
  const [failed, setFailed] = useState<string | null>(null);
  const letter = (name.trim() || email || '?').charAt(0).toUpperCase();
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (source && failed !== source) {
    return (
      <img
        src={source}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setFailed(source)}
        className={cn('shrink-0 rounded-xl object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      style={{ ...style, backgroundColor: color, color: readableTextOn(color) }}
      className={cn('inline-flex shrink-0 items-center justify-center rounded-xl font-semibold uppercase', className)}
    >
      {letter}
    </span>
  );
}
