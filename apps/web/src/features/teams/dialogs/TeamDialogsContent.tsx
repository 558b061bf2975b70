import { DissolveDialog, LeaveDialog } from './ConfirmTeamDialogs';
import { ConvertDialog, CreateTeamFolderDialog } from './CreateTeamDialogs';
import type { TeamDialog } from './store';
import { UpdateTeamDialog } from './UpdateTeamDialog';

/** The popup asked for (see store.ts); one at a time. Loaded lazily by TeamDialogs. */
export default function TeamDialogsContent({ dialog }: { dialog: TeamDialog }) {
  switch (dialog.kind) {
    case 'create':
      return <CreateTeamFolderDialog />;
    case 'convert':
      return <ConvertDialog folder={dialog.folder} />;
    case 'update':
      return <UpdateTeamDialog folder={dialog.folder} />;
    case 'dissolve':
      return <DissolveDialog folder={dialog.folder} />;
    case 'leave':
      return <LeaveDialog folder={dialog.folder} />;
  }
}
