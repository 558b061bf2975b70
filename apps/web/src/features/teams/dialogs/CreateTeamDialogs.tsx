import { z } from 'zod';
import { useNavigate } from '../../../app/routing';
import { useApiForm } from '../../../lib/form';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import { ItemForm, type ItemFormValues } from '../../files/dialogs/ItemForm';
import type { Invite } from '../invite-rule';
import { teamFolderPath } from '../team-source';
import { useConvertTeamFolder, useCreateTeamFolder } from '../teams.api';
import { dialogClass, FolderBadge, StickyActions, useInvites } from './parts';
import { useTeamDialogs, type TeamTarget } from './store';

/** A team folder made (new, or converted): the popup closes, says so, and opens the team folder. */
function useTeamMade(kind: 'created' | 'converted') {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const navigate = useNavigate();
  return (folder: { id: string; name: string }, invitations: Invite[]) => {
    close();
    toast.success(
      invitations.length
        ? t(`teams.${kind}_invited`, { name: folder.name, count: invitations.length })
        : t(`teams.${kind}`, { name: folder.name }),
    );
    void navigate(teamFolderPath('team-folders', folder.id));
  };
}

/** Spec §2 create-team-folder popup: a folder's name, emoji and colour, and the first invitations. */
export function CreateTeamFolderDialog() {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const create = useCreateTeamFolder();
  const made = useTeamMade('created');
  const { collect, refused, editor } = useInvites([]);
  const submit = async ({ name, emoji, color }: ItemFormValues) => {
    const invitations = collect();
    if (!invitations) return;
    const { data: folder } = await create.mutateAsync({ name, emoji, color, invitations });
    made({ id: folder.id, name: folder.attributes.name }, invitations);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('teams.create_title')}
      description={t('teams.create_description')}
      closeLabel={t('common.close')}
      className={dialogClass}
    >
      <ItemForm
        initial={{ name: t('teams.default_name'), emoji: null, color: null }}
        folder
        stickyFooter
        submitLabel={t('teams.create_submit')}
        onSubmit={submit}
        onRefused={refused(t('teams.create_failed'))}
        onCancel={close}
      >
        {editor}
      </ItemForm>
    </Dialog>
  );
}

/** The same popup for an existing folder: it becomes a team folder where it is, with the invitations. */
export function ConvertDialog({ folder }: { folder: TeamTarget }) {
  const { t } = useTranslation();
  const close = useTeamDialogs((s) => s.close);
  const convert = useConvertTeamFolder();
  const made = useTeamMade('converted');
  const { collect, refused, editor } = useInvites([]);
  // No typed fields: the invitations are checked as they are added (and the typed one at submit).
  const { onSubmit, pending } = useApiForm({
    schema: z.object({}),
    defaultValues: {},
    mutationFn: async () => {
      const invitations = collect();
      if (!invitations) return;
      try {
        await convert.mutateAsync({ id: folder.id, invitations });
      } catch (caught) {
        return refused(t('teams.convert_failed'))(caught);
      }
      made(folder, invitations);
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('teams.convert_title')}
      description={t('teams.convert_description')}
      closeLabel={t('common.close')}
      className={dialogClass}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        <FolderBadge folder={folder} />
        {editor}
        <Notice tone="info">{t('teams.convert_note')}</Notice>
        <StickyActions submitLabel={t('teams.convert_submit')} pending={pending} onCancel={close} />
      </form>
    </Dialog>
  );
}
