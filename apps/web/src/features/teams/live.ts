import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '../../app/routing';
import { useTranslation } from '../../lib/i18n';
import { useRealtime } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import { useFileDialogs } from '../files/dialogs/store';
import { usePreview } from '../preview/preview-store';
import { refreshFiles } from '../files/refresh';
import { useTeamDialogs } from './dialogs/store';
import { teamPlace, useTeamView } from './team-source';

/** Whether the screen at `pathname` shows the team folder `folderId` or something inside it. */
export function showsTeam(pathname: string, folderId: string): boolean {
  const place = teamPlace(pathname);
  if (!place || place.location !== 'shared-with-me' || !place.folderId) return false;
  if (place.folderId === folderId) return true;
  const view = useTeamView.getState();
  return view.teamFolder?.data.id === folderId && view.location === 'shared-with-me';
}

/**
 * `team.access_ended` (ADR 0029): the user was removed, left from another device, or the team was
 * dissolved. A screen showing that team closes to Shared with Me with a message saying why; the
 * listings refresh either way.
 */
export function useTeamAccessEnded(): void {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useRealtime('team.access_ended', ({ folder_id, name, reason }) => {
    void refreshFiles(client);
    const open = showsTeam(pathname, folder_id);
    if (open) {
      // What was open of it goes too: popups, the preview.
      useFileDialogs.getState().close();
      useTeamDialogs.getState().close();
      usePreview.getState().close();
      void navigate('/platform/shared-with-me', { replace: true });
    }
    if (open || teamPlace(pathname)?.location === 'shared-with-me') {
      toast.info(t(`teams.access_ended.${reason}`, { name }));
    }
  });
}
