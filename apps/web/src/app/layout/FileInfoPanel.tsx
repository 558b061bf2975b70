import { Files, MousePointerClick } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../routing';
import { ItemIcon } from '../../features/files/browser/ItemIcon';
import { useBrowser, useSelectedItems, useSelectionLabel } from '../../features/files/browser/store';
import { formatBytes } from '../../features/files/format';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import { isFolder, type Item } from '../../features/files/items';
import { useFilesSource } from '../../features/files/browser/source';
import { PersonAvatar, type Person } from '../../features/teams/MemberAvatars';
import { isTeamOwner } from '../../features/teams/permissions';
import { SharedSection } from '../../features/sharing/owner/SharedSection';
import { usePreferences } from '../../lib/preferences';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-accent-strong uppercase dark:text-accent">{label}</dt>
      <dd className="mt-1 text-sm font-medium break-words text-neutral-900 dark:text-neutral-100">{children}</dd>
    </div>
  );
}

/** A person with their avatar, name and (for members) role. */
function PersonLine({ person, role }: { person: Person; role?: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <PersonAvatar person={person} size={28} />
      <span className="min-w-0">
        <span className="block truncate">{person.name || person.email}</span>
        {role && (
          <span className="block truncate text-xs font-normal text-neutral-500 dark:text-neutral-400">{role}</span>
        )}
      </span>
    </span>
  );
}

function typeOf(item: Item, t: (k: string) => string): string {
  if (isFolder(item)) return t('files.type_folder');
  return item.attributes.extension ? item.attributes.extension.toUpperCase() : item.attributes.mimetype;
}

function OneItem({ item }: { item: Item }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const context = useBrowser((s) => s.context);
  const parent = item.relationships.parent?.data;
  const source = useFilesSource();
  // At the top of a team screen an item's parent lies in its owner's tree: the screen is where it is.
  const atTeamTop = !!source.team && (context === 'teams' || !parent);
  const members = item.relationships.members?.data ?? [];
  const creator = item.relationships.creator?.data ?? null;
  const team = item.relationships.team?.data ?? null;
  const thumb = !isFolder(item) ? item.attributes.thumbnail : null;
  return (
    <>
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-2xl bg-neutral-100 dark:bg-neutral-900">
        {thumb ? (
          <img src={thumb.md} alt="" className="size-full object-contain" decoding="async" />
        ) : (
          <ItemIcon item={item} size="lg" />
        )}
      </div>
      <h2 className="mt-4 text-base font-semibold break-words text-neutral-900 dark:text-white">
        {item.attributes.name}
      </h2>
      <p className="text-sm text-neutral-500 dark:text-neutral-400">{typeOf(item, t)}</p>
      <dl className="mt-6 space-y-4">
        {isFolder(item) ? (
          <Fact label={t('files.info.contains')}>{t('files.items_count', { count: item.attributes.items })}</Fact>
        ) : (
          <Fact label={t('files.info.size')}>{formatBytes(item.attributes.size)}</Fact>
        )}
        {!isFolder(item) && item.attributes.width && item.attributes.height ? (
          <Fact label={t('files.info.dimensions')}>
            {item.attributes.width} × {item.attributes.height}
          </Fact>
        ) : null}
        <Fact label={t('files.info.created')}>{formatDate(item.attributes.created_at, 'long')}</Fact>
        <Fact label={t('files.info.modified')}>{formatDate(item.attributes.updated_at, 'long')}</Fact>
        {context === 'trash' && item.attributes.deleted_at && (
          <Fact label={t('files.info.deleted')}>{formatDate(item.attributes.deleted_at, 'long')}</Fact>
        )}
        <Fact label={t('files.info.where')}>
          <Link
            to={atTeamTop ? source.folderPath(null) : source.folderPath(parent?.id ?? null)}
            className="text-neutral-900 underline decoration-neutral-300 underline-offset-4 hover:decoration-current dark:text-neutral-100 dark:decoration-neutral-600"
          >
            {atTeamTop
              ? t(`nav.${source.team!.location === 'team-folders' ? 'team_folders' : 'shared_with_me'}`)
              : parent?.attributes.name || t('nav.my_files')}
          </Link>
        </Fact>
        {team && !members.length && <Fact label={t('teams.info.team')}>{team.name}</Fact>}
        {creator && (
          <Fact label={t(isFolder(item) ? 'teams.info.created_by' : 'teams.info.uploaded_by')}>
            <PersonLine person={creator} />
          </Fact>
        )}
        {members.length > 0 && (
          <Fact label={t('teams.info.members')}>
            <ul className="mt-2 space-y-2.5">
              {members.map((member) => (
                <li key={member.id}>
                  <PersonLine person={member} role={t(`teams.permission.${member.permission}`)} />
                </li>
              ))}
            </ul>
          </Fact>
        )}
        {context !== 'trash' && (!source.team || isTeamOwner(source.team)) && <SharedSection item={item} />}
      </dl>
    </>
  );
}

function SeveralItems({ items }: { items: Item[] }) {
  const { t } = useTranslation();
  const label = useSelectionLabel();
  // After "select all" of a folder not all loaded, the loaded items say nothing of the whole.
  const partial = useBrowser((s) => s.all !== null && s.total > s.items.length);
  const files = items.filter((i) => !isFolder(i));
  const bytes = files.reduce((sum, f) => sum + (f.type === 'file' ? f.attributes.size : 0), 0);
  const folders = items.length - files.length;
  return (
    <>
      <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-neutral-100 text-neutral-400 dark:bg-neutral-900">
        <Files className="size-12" aria-hidden />
      </div>
      <h2 className="mt-4 text-base font-semibold text-neutral-900 dark:text-white">{label.text}</h2>
      {partial ? (
        <p className="mt-2 text-sm text-neutral-500 dark:text-neutral-400">{t('files.all_selected_hint')}</p>
      ) : (
        <dl className="mt-6 space-y-4">
          {files.length > 0 && <Fact label={t('files.info.total_size')}>{formatBytes(bytes)}</Fact>}
          <Fact label={t('files.info.contains')}>
            {[
              folders ? t('files.folders_count', { count: folders }) : null,
              files.length ? t('files.files_count', { count: files.length }) : null,
            ]
              .filter(Boolean)
              .join(', ')}
          </Fact>
        </dl>
      )}
    </>
  );
}

/** The file-info column (spec §3 preference): details of what is selected. */
export function FileInfoPanel() {
  const { t } = useTranslation();
  const visible = usePreferences((s) => s.fileInfoVisible);
  const context = useBrowser((s) => s.context);
  const selected = useSelectedItems();
  if (!visible || !context) return null;
  return (
    <aside
      aria-label={t('files.details')}
      className="hidden w-80 shrink-0 overflow-y-auto border-l border-neutral-200 p-6 xl:block dark:border-neutral-800/80"
    >
      {selected.length === 1 ? (
        <OneItem item={selected[0]!} />
      ) : selected.length > 1 ? (
        <SeveralItems items={selected} />
      ) : (
        <>
          <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-neutral-100 text-neutral-400 dark:bg-neutral-900">
            <MousePointerClick className="size-8" aria-hidden />
          </div>
          <p className="mt-4 text-sm text-neutral-500 dark:text-neutral-400">{t('files.details_empty')}</p>
        </>
      )}
    </aside>
  );
}
