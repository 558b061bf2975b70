import { ITEM_NAME_MAX } from '@filestore/contract';
import { useEffect, type ReactNode } from 'react';
import { z } from 'zod';
import { isApiError } from '../../../lib/api';
import { useApiForm } from '../../../lib/form';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { ColourPicker } from '../../../ui/ColourPicker';
import { EmojiPicker } from '../../../ui/EmojiPicker';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { FolderIcon } from '../browser/ItemIcon';
import { useEmojiStyle } from '../emoji-style';

// eslint-disable-next-line no-control-regex
const forbidden = /[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** The contract's name rules (spec §5) as the forms' schema: trimmed, worded by the catalogue. */
export const itemName = z
  .string()
  .trim()
  .min(1)
  .max(ITEM_NAME_MAX, { message: 'files.name_too_long' })
  .refine((name) => !forbidden.test(name), { message: 'files.name_invalid' })
  .refine((name) => name !== '.' && name !== '..', { message: 'files.name_reserved' });

export interface ItemFormValues {
  name: string;
  emoji: string | null;
  color: string | null;
}

const schema = z.object({ name: itemName, emoji: z.string().nullable(), color: z.string().nullable() });

/** The server's reason for refusing the name ('name' in a 422's field errors), if that is why. */
export function nameRefusal(error: unknown): string | undefined {
  return isApiError(error) ? error.field('name') : undefined;
}

interface ItemFormProps {
  initial: ItemFormValues;
  /** Folders also get an emoji and a colour. */
  folder: boolean;
  submitLabel: string;
  /** Select only the part before the extension when the field gets focus (files). */
  selectBaseName?: boolean;
  /** A refusal of the name from an earlier try (the rename popup comes back to the form with it). */
  serverError?: string;
  /** Sends the checked values (the name trimmed) and does what follows; throws a refusal. */
  onSubmit: (values: ItemFormValues) => Promise<void>;
  /**
   * A refusal that is not about the name (that one shows under the field). Without it, the form's
   * banner says it.
   */
  onRefused?: (error: unknown) => void;
  onCancel: () => void;
  /** More fields below the name, emoji and colour (the team popup's invitations). */
  children?: ReactNode;
  /** The buttons' row stays in view at the bottom of a long, scrolling popup. */
  stickyFooter?: boolean;
}

/** Name (+ emoji and colour for folders) with a live preview of the folder icon. */
export function ItemForm({
  initial,
  folder,
  submitLabel,
  selectBaseName,
  serverError,
  onSubmit,
  onRefused,
  onCancel,
  children,
  stickyFooter = false,
}: ItemFormProps) {
  const { t } = useTranslation();
  const emojiStyle = useEmojiStyle();
  const {
    form,
    onSubmit: submit,
    field,
    error,
    pending,
  } = useApiForm({
    schema,
    defaultValues: initial,
    mutationFn: async (values: ItemFormValues) => {
      try {
        await onSubmit(values);
      } catch (caught) {
        if (nameRefusal(caught) || !onRefused) throw caught;
        onRefused(caught);
      }
    },
    fieldForError: (caught) => {
      const message = nameRefusal(caught);
      return message ? { field: 'name', message } : undefined;
    },
  });
  useEffect(() => {
    if (serverError) form.setError('name', { type: 'server', message: serverError });
  }, [form, serverError]);
  const emoji = form.watch('emoji');
  const color = form.watch('color');

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 space-y-5">
      {error && <Notice tone="error">{error}</Notice>}
      <div className="flex items-start gap-4">
        {folder && (
          <span className="mt-1 hidden sm:block">
            <FolderIcon color={color} emoji={emoji} size="md" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <TextField
            label={t('fields.name')}
            autoFocus
            maxLength={ITEM_NAME_MAX + 20}
            {...field('name')}
            onFocus={(e) => {
              const input = e.currentTarget;
              const selectName = () => {
                const dot = input.value.lastIndexOf('.');
                if (!selectBaseName || dot <= 0) input.select();
                else input.setSelectionRange(0, dot);
              };
              selectName();
              // Again after whoever focused the field: the dialog's focus trap, taking focus back from
              // a closing menu, selects all of it right after focusing, which would replace the
              // extension; and on opening, react-hook-form fills the name in after React's autoFocus.
              queueMicrotask(() => {
                if (document.activeElement === input) selectName();
              });
            }}
          />
        </div>
      </div>
      {folder && (
        <>
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-neutral-800 dark:text-neutral-200">{t('files.emoji')}</p>
            <EmojiPicker
              value={emoji}
              onChange={(next) => form.setValue('emoji', next)}
              emojiStyle={emojiStyle}
              labels={{
                choose: t('files.emoji_choose'),
                change: t('files.emoji_change'),
                search: t('files.emoji_search'),
                remove: t('files.emoji_remove'),
                noResults: t('files.emoji_no_results'),
                groups: {
                  smileys: t('emoji.smileys'),
                  nature: t('emoji.nature'),
                  food: t('emoji.food'),
                  activities: t('emoji.activities'),
                  travel: t('emoji.travel'),
                  objects: t('emoji.objects'),
                  symbols: t('emoji.symbols'),
                },
              }}
            />
          </div>
          <div className="space-y-2">
            <p className="text-sm font-medium text-neutral-800 dark:text-neutral-200">{t('files.colour')}</p>
            <ColourPicker
              value={color}
              onChange={(next) => form.setValue('color', next)}
              label={t('files.colour')}
              defaultLabel={t('files.colour_default')}
              colourLabel={(name) => t(`colour.${name}`)}
            />
          </div>
        </>
      )}
      {children}
      <div
        className={cn(
          'flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end',
          stickyFooter && 'sticky -bottom-6 -mx-6 -mb-6 bg-white px-6 py-4 dark:bg-neutral-900',
        )}
      >
        <Button variant="secondary" onClick={onCancel}>
          {t('files.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
