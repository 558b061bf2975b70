import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../app/routing';
import { toast } from '../../../lib/toast';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { showAlert } from '../../../lib/popups';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useFilesSource } from '../browser/source';
import { useBrowser, wholeFolderSelection } from '../browser/store';
import { useCreateFolder, useEmptyTrash, useRemoveItems, useRenameItem } from '../files.api';
import { isFolder, refOf, type Item } from '../items';
import { ConfirmDialog } from './ConfirmDialog';
import { ItemForm, nameRefusal, type ItemFormValues } from './ItemForm';
import { MoveDialog } from './MoveDialog';
import { RemoteUploadDialog } from './RemoteUploadDialog';
import { useFileDialogs, type FileDialog } from './store';

function useClose() {
  return useFileDialogs((s) => s.close);
}

/** A refusal that is not about the name, as an alert (the name's shows under its field). */
function useAlertRefusal(title: string) {
  const { t } = useTranslation();
  return (error: unknown) => showAlert(title, isApiError(error) ? error.message : errorMessage(t, error));
}

/** After a change, point at the item in the listing on screen (loading pages until it shows). */
function useHighlight() {
  const navigate = useNavigate();
  return (item: Item) => {
    const { context, folder } = useBrowser.getState();
    if (context === 'files' && (folder?.id ?? null) === item.attributes.parent_id) {
      void navigate({ search: `?highlight=${item.id}` }, { replace: true });
    }
  };
}

function CreateFolderDialog({ parentId }: { parentId: string | null }) {
  const { t } = useTranslation();
  const close = useClose();
  const create = useCreateFolder();
  const highlight = useHighlight();
  const alertRefusal = useAlertRefusal(t('files.create_folder_failed'));
  const submit = async ({ name, emoji, color }: ItemFormValues) => {
    const folder = await create.mutateAsync({ name, parent_id: parentId, emoji, color });
    close();
    if (folder.attributes.name !== name) {
      toast.info(t('files.created_renamed', { from: name, to: folder.attributes.name }));
    } else toast.success(t('files.folder_created', { name: folder.attributes.name }));
    highlight(folder);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={t('files.new_folder')}
      closeLabel={t('common.close')}
      className="p-6"
    >
      <ItemForm
        initial={{ name: t('files.new_folder_default_name'), emoji: null, color: null }}
        folder
        submitLabel={t('files.create_folder')}
        onSubmit={submit}
        onRefused={alertRefusal}
        onCancel={close}
      />
    </Dialog>
  );
}

/** The extension of a file name ("csv" for "expenses-2024.csv"), "" when it has none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : '';
}

/** `name` with `extension` instead of its own (or added, or removed when ""). */
function withExtension(name: string, extension: string): string {
  const own = extensionOf(name);
  const base = own ? name.slice(0, -own.length - 1) : name;
  return extension ? `${base}.${extension}` : base;
}

function RenameDialog({ item }: { item: Item }) {
  const { t } = useTranslation();
  const close = useClose();
  const rename = useRenameItem();
  const folder = isFolder(item);
  const alertRefusal = useAlertRefusal(t('files.rename_failed'));
  // The name refused after the extension question, shown when the form comes back.
  const [refusedName, setRefusedName] = useState<string>();
  // A new extension changes how the file opens: the user confirms it first.
  const [asking, setAsking] = useState<ItemFormValues | null>(null);
  // What was typed, kept when a refused name brings the form back.
  const [draft, setDraft] = useState<ItemFormValues | null>(null);
  const [choice, setChoice] = useState<'keep' | 'use'>('keep');
  const send = async (values: ItemFormValues) => {
    const updated = await rename.mutateAsync({ item, ...values });
    close();
    if (updated.attributes.name !== values.name) {
      toast.info(t('files.renamed_on_clash', { from: values.name, to: updated.attributes.name }));
    } else toast.success(t('files.renamed', { name: updated.attributes.name }));
  };
  /** After the extension question: a refused name brings the form back with the reason. */
  const save = async (values: ItemFormValues) => {
    try {
      await send(values);
    } catch (error) {
      setAsking(null);
      const refused = nameRefusal(error);
      if (refused) setRefusedName(refused);
      else alertRefusal(error);
    }
  };
  const submit = async (values: ItemFormValues) => {
    const from = extensionOf(item.attributes.name);
    const to = extensionOf(values.name);
    setDraft(values);
    setRefusedName(undefined);
    if (!folder && from.toLowerCase() !== to.toLowerCase()) setAsking(values);
    else await send(values);
  };

  if (asking) {
    const from = extensionOf(item.attributes.name);
    const to = extensionOf(asking.name);
    return (
      <Dialog
        open
        onOpenChange={(o) => !o && close()}
        title={
          !to
            ? t('files.extension_remove_title', { from })
            : from
              ? t('files.extension_change_title', { to })
              : t('files.extension_add_title', { to })
        }
        description={t('files.extension_change_description', { name: asking.name })}
        closeLabel={t('common.close')}
        className="p-6"
      >
        {/* Like Finder, keeping the extension is the default: Enter twice never changes it by accident. */}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={rename.isPending}
            loading={rename.isPending && choice === 'use'}
            onClick={() => {
              setChoice('use');
              void save(asking);
            }}
          >
            {to ? t('files.extension_use', { to }) : t('files.extension_use_none')}
          </Button>
          <Button
            autoFocus
            disabled={rename.isPending}
            loading={rename.isPending && choice === 'keep'}
            onClick={() => {
              setChoice('keep');
              void save({ ...asking, name: withExtension(asking.name, from) });
            }}
          >
            {from ? t('files.extension_keep', { from }) : t('files.extension_keep_none')}
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      title={folder ? t('files.edit_folder') : t('files.rename_file')}
      closeLabel={t('common.close')}
      className="p-6"
    >
      <ItemForm
        initial={
          draft ?? {
            name: item.attributes.name,
            emoji: folder ? item.attributes.emoji : null,
            color: folder ? item.attributes.color : null,
          }
        }
        folder={folder}
        selectBaseName={!folder}
        submitLabel={t('files.save')}
        serverError={refusedName}
        onSubmit={submit}
        onRefused={alertRefusal}
        onCancel={close}
      />
    </Dialog>
  );
}

function DeleteForeverDialog({ items }: { items: Item[] }) {
  const { t } = useTranslation();
  const close = useClose();
  const remove = useRemoveItems();
  const count = items.length;
  const name = count === 1 ? items[0]!.attributes.name : '';
  return (
    <ConfirmDialog
      onClose={close}
      title={t('trash.delete_forever_title', { count, name })}
      description={t('trash.delete_forever_description', { count })}
      confirmLabel={t('files.delete_forever')}
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ items: items.map(refOf), forever: true });
          close();
          toast.success(t('trash.deleted_forever', { count, name }));
        } catch (error) {
          close();
          showAlert(t('files.action_failed'), errorMessage(t, error));
        }
      }}
    />
  );
}

/** A share link's editor or a request's guest removes items: they go to the owner's trash. */
function RemoveDialog({ items }: { items: Item[] }) {
  const { t } = useTranslation();
  const close = useClose();
  const remove = useRemoveItems();
  const source = useFilesSource();
  // After "select all" the whole folder goes (ADR 0018): decided once, as the dialog opens.
  const [whole] = useState(() => {
    const all = wholeFolderSelection(items);
    return all && { allIn: useBrowser.getState().folder?.id ?? null, except: all.except, count: all.count };
  });
  const count = whole?.count ?? items.length;
  const name = count === 1 ? items[0]!.attributes.name : '';
  const owner = source.ownerName ?? '';
  return (
    <ConfirmDialog
      onClose={close}
      title={t('public.remove_title', { count, name })}
      description={t(source.kind === 'share' ? 'public.remove_share_description' : 'public.remove_description', {
        count,
        owner,
      })}
      confirmLabel={t('public.remove')}
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ items: items.map(refOf), forever: false, whole: whole ?? undefined });
          if (whole) useBrowser.getState().clear();
          close();
          toast.success(t('public.removed', { count, name }));
        } catch (error) {
          close();
          showAlert(t('files.action_failed'), errorMessage(t, error));
        }
      }}
    />
  );
}

function EmptyTrashDialog() {
  const { t } = useTranslation();
  const close = useClose();
  const dump = useEmptyTrash();
  return (
    <ConfirmDialog
      onClose={close}
      title={t('trash.empty_trash_title')}
      description={t('trash.empty_trash_description')}
      confirmLabel={t('trash.empty_trash')}
      onConfirm={async () => {
        try {
          await dump.mutateAsync();
          close();
          toast.success(t('trash.cleared'));
        } catch (error) {
          close();
          showAlert(t('files.action_failed'), errorMessage(t, error));
        }
      }}
    />
  );
}

/** The popup asked for (see store.ts); one at a time. */
export default function Dialogs({ dialog }: { dialog: FileDialog }) {
  switch (dialog.kind) {
    case 'create-folder':
      return <CreateFolderDialog parentId={dialog.parentId} />;
    case 'remote-upload':
      return <RemoteUploadDialog parentId={dialog.parentId} />;
    case 'rename':
      return <RenameDialog item={dialog.item} />;
    case 'move':
      return <MoveDialog items={dialog.items} />;
    case 'delete-forever':
      return <DeleteForeverDialog items={dialog.items} />;
    case 'remove':
      return <RemoveDialog items={dialog.items} />;
    case 'empty-trash':
      return <EmptyTrashDialog />;
  }
}
