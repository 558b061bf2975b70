import { FolderOpen, FolderPlus, PanelLeftOpen, UploadCloud } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Navigate, useParams } from '../../../app/routing';
import { usePreferences } from '../../../lib/preferences';
import { Button, IconButton } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { useItemActions } from '../../files/actions';
import { FileBrowser } from '../../files/browser/FileBrowser';
import { FolderIcon } from '../../files/browser/ItemIcon';
import { FilesSourceProvider, useFilesSource } from '../../files/browser/source';
import { useBrowser } from '../../files/browser/store';
import { UploadFab } from '../../files/UploadFab';
import { useUploadActions } from '../../uploads';
import { OwnerAvatar, LinkTopBar } from './LinkFrame';
import { LinkOverlays } from './LinkOverlays';
import { shareSource } from './link-source';
import { LinkToolbar } from './LinkToolbar';
import { LinkTree } from './LinkTree';
import { ShareGate, sharePaths, useShareLinkError, type OpenShare } from './ShareGate';
import { useExpiryText } from './expiry';

function FolderEmpty({ folderId }: { folderId: string | null }) {
  const { t } = useTranslation();
  const source = useFilesSource();
  const uploads = useUploadActions();
  const actions = useItemActions();
  const canUpload = source.can('upload');
  return (
    <EmptyState
      icon={<FolderOpen className="size-8" aria-hidden />}
      title={t('files.folder_empty_title')}
      description={t(canUpload ? 'public.empty_editor' : 'public.empty_visitor', { name: source.ownerName ?? '' })}
      action={
        canUpload ? (
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
        ) : undefined
      }
    />
  );
}

/** Folder name, who shared it and what the link allows, with the toolbar. */
function ShareHeader({ share }: { share: OpenShare }) {
  const { t } = useTranslation();
  const navigationVisible = usePreferences((s) => s.navigationBarVisible);
  const toggleNavigation = usePreferences((s) => s.toggleNavigationBar);
  const folder = useBrowser((s) => s.folder);
  const root = share.item.data;
  const name = folder?.attributes.name ?? root.attributes.name;
  const color = folder ? folder.attributes.color : root.type === 'folder' ? root.attributes.color : null;
  const emoji = folder ? folder.attributes.emoji : root.type === 'folder' ? root.attributes.emoji : null;
  const expiry = useExpiryText(share.expires_at);
  const editor = share.permission === 'editor';
  return (
    <div className="@container flex shrink-0 items-center gap-2 border-b border-neutral-200 px-2 py-3 sm:px-5 dark:border-neutral-800/80">
      {!navigationVisible && (
        <IconButton label={t('nav.show_navigation')} onClick={toggleNavigation} className="max-md:hidden">
          <PanelLeftOpen className="size-5" aria-hidden />
        </IconButton>
      )}
      <div className="flex min-w-0 flex-1 items-center gap-3 pl-1">
        <FolderIcon color={color} emoji={emoji} size="sm" className="max-sm:hidden" />
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold text-neutral-900 dark:text-white">{name}</h1>
          <p className="flex min-w-0 items-start gap-1.5 text-[13px] leading-[18px] text-neutral-600 dark:text-neutral-400">
            <OwnerAvatar owner={share.owner} size={18} />
            <span className="line-clamp-2 sm:line-clamp-1">
              {t('public.shared_by', { name: share.owner.name })}
              <span aria-hidden> · </span>
              {t(editor ? 'public.can_edit' : 'public.can_view')}
              {expiry && (
                <>
                  <span aria-hidden> · </span>
                  {expiry}
                </>
              )}
            </span>
          </p>
        </div>
      </div>
      <LinkToolbar />
    </div>
  );
}

function ShareFolder({ share, token }: { share: OpenShare; token: string }) {
  const { id } = useParams();
  const onLinkError = useShareLinkError(token);
  const source = useMemo(() => shareSource(token, share, onLinkError), [token, share, onLinkError]);
  const folderId = id && id !== share.item.data.id ? id : null;
  return (
    <FilesSourceProvider source={source}>
      <div className="flex h-dvh flex-col">
        <LinkTopBar />
        <div className="flex min-h-0 flex-1">
          <LinkTree />
          <div className="flex min-w-0 flex-1 flex-col">
            <ShareHeader share={share} />
            <main id="content" className="flex min-h-0 flex-1 flex-col pb-(--overlay-bottom)">
              <FileBrowser
                kind="folder"
                context="files"
                folderId={folderId}
                label={share.item.data.attributes.name}
                empty={<FolderEmpty folderId={folderId} />}
              />
            </main>
          </div>
        </div>
        {source.can('upload') && <UploadFab folderId={folderId} />}
        <LinkOverlays />
      </div>
    </FilesSourceProvider>
  );
}

/** /share/{token}/files/{id?}: a shared folder, browsed (and for editors changed) through the link. */
export function ShareFolderPage() {
  return (
    <ShareGate>
      {(share, token) =>
        share.type === 'folder' ? (
          <ShareFolder share={share} token={token} />
        ) : (
          <Navigate to={sharePaths.file(token)} replace />
        )
      }
    </ShareGate>
  );
}
