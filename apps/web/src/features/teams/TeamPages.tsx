import type { TeamBrowseResponse, TeamFolderResource } from '@filestore/contract';
import { Eye, FolderOpen, FolderPlus, FolderUsers, LogOut, Pencil, UploadCloud, UserCheck, Users } from 'lucide-react';
import { useLayoutEffect, useMemo } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useUploadActions } from '../uploads';
import { useItemActions } from '../files/actions';
import { FileBrowser } from '../files/browser/FileBrowser';
import { useFilesSource } from '../files/browser/source';
import { useBrowser } from '../files/browser/store';
import { useListing } from '../files/files.api';
import { isFolder } from '../files/items';
import { RestrictionBar } from '../files/RestrictionBar';
import { UploadFab } from '../files/UploadFab';
import { MemberStack, membersLabel } from './MemberAvatars';
import { useTeamView } from './team-source';
import type { TeamLocation } from './teams.api';
import { useTeamActions } from './useTeamActions';

/** Publishes the listing's team (meta.teamFolder) to the shell, so the header and menus know the role. */
function usePublishTeam(location: TeamLocation, folderId: string | null): TeamFolderResource | null {
  const listing = useListing('folder', folderId);
  const meta = listing.data?.pages[0]?.meta as TeamBrowseResponse['meta'] | undefined;
  const teamFolder = meta?.teamFolder ?? null;
  const pages = listing.data?.pages;
  const known = useMemo(() => {
    const ids = new Set<string>();
    for (const crumb of meta?.path ?? []) ids.add(crumb.id);
    for (const page of pages ?? []) for (const { data } of page.data) if (isFolder(data)) ids.add(data.id);
    return ids;
  }, [meta?.path, pages]);
  const set = useTeamView((s) => s.set);
  useLayoutEffect(() => {
    if (!listing.data) return;
    set({ location, folderId, teamFolder, known });
  }, [set, location, folderId, teamFolder, known, listing.data]);
  return teamFolder;
}

/** Under the header inside a team: its people, the user's role, and Manage (owner) or Leave (member). */
function TeamBar({ team }: { team: TeamFolderResource }) {
  const { t } = useTranslation();
  const actions = useTeamActions();
  const people = team.data.relationships.members.data.map((m) => m.data.attributes);
  const role = team.meta.role;
  const folder = team.data;
  const target = {
    id: folder.id,
    name: folder.attributes.name,
    color: folder.attributes.color,
    emoji: folder.attributes.emoji,
  };
  const RoleIcon = role === 'can_view' ? Eye : role === 'can_edit' ? Pencil : Users;
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-neutral-200 px-3 py-2.5 sm:px-5 dark:border-neutral-800/80">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <MemberStack people={people} max={4} size={28} />
        <p className="min-w-0 text-sm text-neutral-600 dark:text-neutral-400">
          <span className="sr-only">{membersLabel(t, people)}. </span>
          <span className="inline-flex items-center gap-1.5 font-medium whitespace-nowrap text-neutral-800 dark:text-neutral-200">
            <RoleIcon className="size-4 shrink-0 text-accent-strong dark:text-accent" aria-hidden />
            {t(`teams.role_line.${role}`)}
          </span>
          <span aria-hidden className="max-sm:hidden">
            {' '}
            ·{' '}
          </span>
          <span className="max-sm:hidden">{t('teams.members_count', { count: people.length })}</span>
        </p>
      </div>
      {role === 'owner' ? (
        <Button
          variant="secondary"
          className="min-h-10"
          onClick={() => actions.manage(target)}
          icon={<Users className="size-4" aria-hidden />}
        >
          {t('teams.manage')}
        </Button>
      ) : (
        <Button
          variant="ghost"
          className="min-h-10 text-red-600 dark:text-red-400"
          onClick={() => actions.leave(target)}
          icon={<LogOut className="size-4" aria-hidden />}
        >
          {t('teams.leave')}
        </Button>
      )}
    </div>
  );
}

function FolderEmpty({ folderId }: { folderId: string }) {
  const { t } = useTranslation();
  const source = useFilesSource();
  const uploads = useUploadActions();
  const actions = useItemActions();
  if (!source.can('upload')) {
    return (
      <EmptyState
        icon={<FolderOpen className="size-8" aria-hidden />}
        title={t('files.folder_empty_title')}
        description={t('teams.empty_viewer')}
      />
    );
  }
  return (
    <EmptyState
      icon={<FolderOpen className="size-8" aria-hidden />}
      title={t('files.folder_empty_title')}
      description={t('teams.empty_editor')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => uploads.pickFiles()} icon={<UploadCloud className="size-4" aria-hidden />}>
            {t('files.upload_files')}
          </Button>
          {source.can('create-folder') && (
            <Button
              variant="secondary"
              onClick={() => actions.createFolder(folderId)}
              icon={<FolderPlus className="size-4" aria-hidden />}
            >
              {t('files.new_folder')}
            </Button>
          )}
        </div>
      }
    />
  );
}

function TopEmpty({ location }: { location: TeamLocation }) {
  const { t } = useTranslation();
  const actions = useTeamActions();
  if (location === 'shared-with-me') {
    return (
      <EmptyState
        icon={<UserCheck className="size-8" aria-hidden />}
        title={t('shared_with_me.empty_title')}
        description={t('shared_with_me.empty_description')}
      />
    );
  }
  return (
    <EmptyState
      icon={<Users className="size-8" aria-hidden />}
      title={t('teams.empty_title')}
      description={t('teams.empty_description')}
      action={
        <Button onClick={() => actions.create()} icon={<FolderUsers className="size-4" aria-hidden />}>
          {t('teams.create_title')}
        </Button>
      }
    />
  );
}

function TeamScreen({ location }: { location: TeamLocation }) {
  const { t } = useTranslation();
  const source = useFilesSource();
  const folderId = source.team?.folderId ?? null;
  const team = usePublishTeam(location, folderId);
  return (
    <>
      {location === 'team-folders' && <RestrictionBar />}
      {folderId && team && <TeamBar team={team} />}
      <FileBrowser
        kind="folder"
        context={folderId ? 'files' : 'teams'}
        folderId={folderId}
        label={t(location === 'team-folders' ? 'nav.team_folders' : 'nav.shared_with_me')}
        empty={folderId ? <FolderEmpty folderId={folderId} /> : <TopEmpty location={location} />}
      />
      {folderId && source.can('upload') && <UploadFab folderId={folderId} />}
      {!folderId && location === 'team-folders' && <NewTeamFab />}
    </>
  );
}

/** Phones: the always visible button makes a team folder at the top of Team Folders. */
function NewTeamFab() {
  const { t } = useTranslation();
  const actions = useTeamActions();
  // The selection's action bar takes its place while something is selected.
  const hidden = useBrowser((s) => s.selected.size > 0);
  if (hidden) return null;
  return (
    <div className="fixed right-4 bottom-[calc(1.25rem+var(--overlay-bottom,0px))] z-20 md:hidden">
      <button
        type="button"
        aria-label={t('teams.create_title')}
        title={t('teams.create_title')}
        onClick={() => actions.create()}
        className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent-strong text-white shadow-lg shadow-accent/30 transition active:scale-95 dark:bg-accent dark:text-neutral-950"
      >
        <FolderUsers className="size-6" aria-hidden />
      </button>
    </div>
  );
}

/** /platform/team-folders/{id?}: the user's own team folders, then their content. */
export function TeamFoldersPage() {
  return <TeamScreen location="team-folders" />;
}

/** /platform/shared-with-me/{id?}: the team folders others made the user a member of, then their content. */
export function SharedWithMePage() {
  return <TeamScreen location="shared-with-me" />;
}
