import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { AVATAR_TYPES, MAX_AVATAR_BYTES, removeAvatar, uploadAvatar } from './avatar.api';
import { userQueryKey, type User } from './user.api';

const PREVIEW_SIZE = 96;

/**
 * The profile picture (issue 15): choose an image by clicking or dropping it, see it as it will be
 * shown, save it with progress, or remove the current one. The server decides what an image is;
 * the checks here only spare a round trip for the obvious cases.
 */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { name, email, color, avatar } = user.attributes;

  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.url);
    },
    [chosen],
  );

  const choose = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.type && !AVATAR_TYPES.includes(file.type)) return setError(t('user.avatar.wrong_type'));
    if (file.size > MAX_AVATAR_BYTES) return setError(t('errors.avatar.too_large'));
    setChosen({ file, url: URL.createObjectURL(file) });
  };

  const save = async () => {
    if (!chosen) return;
    setProgress(0);
    setError(null);
    try {
      const updated = await uploadAvatar(chosen.file, setProgress);
      client.setQueryData(userQueryKey, updated);
      setChosen(null);
      toast.success(t('user.avatar.saved'));
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setRemoving(true);
    setError(null);
    try {
      client.setQueryData(userQueryKey, await removeAvatar());
      toast.success(t('user.avatar.removed'));
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setRemoving(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const shown = chosen ? { xs: chosen.url, sm: chosen.url, md: chosen.url } : avatar;
  const uploading = progress !== null;

  return (
    <Card title={t('user.avatar.title')}>
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <div className="relative shrink-0">
          <Avatar name={name} email={email} color={color} avatar={shown} size={PREVIEW_SIZE} className="rounded-2xl" />
          {chosen && (
            <span className="absolute -bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-neutral-900/80 px-2 py-0.5 text-xs font-medium text-white">
              {t('user.avatar.preview')}
            </span>
          )}
        </div>
        <div className="w-full min-w-0 flex-1 space-y-3">
          <label
            htmlFor={inputId}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="avatar-drop"
            className={cn(
              'flex min-h-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-3 text-center text-sm transition',
              'focus-within:ring-2 focus-within:ring-accent/40',
              dragging
                ? 'border-accent bg-accent/10 text-accent-strong dark:text-accent'
                : 'border-neutral-300 text-neutral-600 hover:border-accent hover:bg-neutral-50 dark:border-neutral-700 dark:text-neutral-300 dark:hover:bg-neutral-800/60',
            )}
          >
            <ImageUp className="size-5" aria-hidden />
            <span className="font-medium">{t('user.avatar.choose')}</span>
            <span id={hintId} className="text-xs text-neutral-500 dark:text-neutral-400">
              {t('user.avatar.hint')}
            </span>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              aria-describedby={hintId}
              className="sr-only"
              disabled={uploading}
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </label>
          {uploading && (
            <div
              role="progressbar"
              aria-label={t('user.avatar.uploading')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
            >
              <div
                className="h-full bg-accent-strong transition-[width] dark:bg-accent"
                style={{ width: `${progress * 100}%` }}
              />
            </div>
          )}
          <p role="alert" className="min-h-5 text-sm text-red-600 dark:text-red-400">
            {error ?? ''}
          </p>
          <div className="flex flex-wrap gap-2">
            {chosen && (
              <>
                <Button onClick={() => void save()} loading={uploading}>
                  {t('user.avatar.save')}
                </Button>
                <Button variant="secondary" disabled={uploading} onClick={() => setChosen(null)}>
                  {t('user.avatar.cancel')}
                </Button>
              </>
            )}
            {!chosen && avatar && (
              <Button
                variant="ghost"
                icon={<Trash2 className="size-4" aria-hidden />}
                loading={removing}
                onClick={() => void remove()}
              >
                {t('user.avatar.remove')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
