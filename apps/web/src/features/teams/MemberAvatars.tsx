import type { PersonSummary, TeamRole } from '@filestore/contract';
import type { TFunction } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { cn } from '../../ui/cn';

export type Person = Omit<PersonSummary, 'id'> & { id?: string; permission?: TeamRole };

/** A person's picture (the size chosen by `size`, spec §3) or initial, at `size` pixels. */
export function PersonAvatar({ person, size = 32, className }: { person: Person; size?: number; className?: string }) {
  return (
    <Avatar
      name={person.name}
      email={person.email}
      color={person.color}
      avatar={person.avatar}
      size={size}
      className={cn('rounded-full', className)}
    />
  );
}

/**
 * A team's members as overlapping avatars, owner first, with "+N" past `max`. Decorative: the
 * names are told by `label` (the caller puts it where a screen reader reads it).
 */
export function MemberStack({
  people,
  max = 3,
  size = 24,
  className,
}: {
  people: readonly Person[];
  max?: number;
  size?: number;
  className?: string;
}) {
  if (!people.length) return null;
  const shown = people.length > max ? people.slice(0, max - 1) : people;
  const more = people.length - shown.length;
  return (
    <span aria-hidden className={cn('inline-flex shrink-0 items-center', className)}>
      {shown.map((person, i) => (
        <PersonAvatar
          key={person.id ?? person.email}
          person={person}
          size={size}
          className={cn('ring-2 ring-white dark:ring-neutral-900', i > 0 && '-ml-1.5')}
        />
      ))}
      {more > 0 && (
        <span
          style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) }}
          className="-ml-1.5 inline-flex shrink-0 items-center justify-center rounded-full bg-neutral-200 font-semibold text-neutral-700 ring-2 ring-white dark:bg-neutral-700 dark:text-neutral-100 dark:ring-neutral-900"
        >
          +{more}
        </span>
      )}
    </span>
  );
}

/** "Members: Ann, Bob, Cy and 2 more": the members' names for screen readers and tooltips. */
export function membersLabel(t: TFunction, people: readonly Person[]): string {
  const names = people
    .slice(0, 3)
    .map((p) => p.name || p.email)
    .join(', ');
  const rest = people.length - 3;
  return rest > 0 ? t('teams.members_label_more', { names, count: rest }) : t('teams.members_label', { names });
}
