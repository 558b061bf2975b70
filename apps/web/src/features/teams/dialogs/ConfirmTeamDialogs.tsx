import { useLocation, useNavigate } from '../../../app/routing';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { showAlert } from '../../../lib/popups';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../files/dialogs/ConfirmDialog';
import { teamPlace } from '../team-source';
import { useDissolveTeam, useLeaveTeam } from '../teams.api';
import { useTeamDialogs, type TeamTarget } from './store';

/**
 * Spec §6's "really …?" about a team (Cancel focused first: neither can be undone). The call, then
 * the popup closes and says how it went; `after` moves off a screen the team no longer shows.
 */
function TeamConfirm({
  keys,
  folder,
  run,
  after,
}: {
  /** The catalogue's teams.<x>_title, _description, <x>, <done>, <x>_failed. */
  keys: { action: 'dissolve' | 'leave'; done: 'dissolved' | 'left' };
  folder: TeamTarget;
  run: () => Promise<unknown>;
  after: (pathname: string) => void;
}) {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const { pathname } = useLocation();
  const { action, done } = keys;
  return (
    <ConfirmDialog
      onClose={close}
      focusCancel
      title={t(`teams.${action}_title`, { name: folder.name })}
      description={t(`teams.${action}_description`)}
      confirmLabel={t(`teams.${action}`)}
      onConfirm={async () => {
        try {
          await run();
          close();
          toast.success(t(`teams.${done}`, { name: folder.name }));
          after(pathname);
        } catch (caught) {
          close();
          showAlert(t(`teams.${action}_failed`), errorMessage(t, caught));
        }
      }}
    />
  );
}

/** Spec §6: "really dissolve the team". The folder stays the owner's, as a plain folder. */
export function DissolveDialog({ folder }: { folder: TeamTarget }) {
  const dissolve = useDissolveTeam();
  const navigate = useNavigate();
  return (
    <TeamConfirm
      keys={{ action: 'dissolve', done: 'dissolved' }}
      folder={folder}
      run={() => dissolve.mutateAsync(folder.id)}
      after={(pathname) => {
        // On the team's screen, the folder is now found in My Files.
        const place = teamPlace(pathname);
        if (place?.location === 'team-folders' && place.folderId === folder.id)
          void navigate(`/platform/files/${encodeURIComponent(folder.id)}`, { replace: true });
      }}
    />
  );
}

/** Spec §6: "really leave the team". */
export function LeaveDialog({ folder }: { folder: TeamTarget }) {
  const leave = useLeaveTeam();
  const navigate = useNavigate();
  return (
    <TeamConfirm
      keys={{ action: 'leave', done: 'left' }}
      folder={folder}
      run={() => leave.mutateAsync(folder.id)}
      after={(pathname) => {
        const place = teamPlace(pathname);
        if (place?.location === 'shared-with-me' && place.folderId)
          void navigate('/platform/shared-with-me', { replace: true });
      }}
    />
  );
}
