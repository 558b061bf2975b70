import { ACCESS_TOKEN_NAME_MAX, ACCESS_TOKEN_NAME_MIN } from '@filestore/contract';
import { BookOpen, Copy, KeyRound, Trash2 } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../lib/forms';
import { useApiForm } from '../../lib/form';
import { requiredText } from '../../lib/form-schemas';
import { useTranslation } from '../../lib/i18n';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { Switch } from '../../ui/Switch';
import { formatDate, useDisplayTimezone } from '../../lib/dates';
import { copyText } from '../sharing/owner/clipboard';
import { DialogActions } from '../sharing/owner/SheetDialog';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken, type AccessToken } from './tokens.api';
import { useUser } from './user.api';

/** /user/settings/tokens: personal access tokens for scripts and apps (ADR 0032). */
export function TokensSettingsPage() {
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  return (
    <div className="space-y-6">
      {created ? (
        <NewToken name={created.name} secret={created.secret} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      <TokenList />
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: { name: string; secret: string }) => void }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const create = useCreateAccessToken();
  // A token outlives the session: the server asks for the password, or (an account made by a sign-in
  // provider has none) a sign-in of the last minutes (ADR 0062).
  const asksPassword = user?.attributes.socialite_account === false;
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().trim().min(ACCESS_TOKEN_NAME_MIN, { message: 'user.tokens.name_too_short' }),
        password: asksPassword ? requiredText : z.string(),
        admin: z.boolean(),
      }),
    [asksPassword],
  );
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { name: '', password: '', admin: false },
    mutationFn: ({ name, password, admin }) =>
      create.mutateAsync({ name, scope: admin ? 'admin' : 'user', ...(asksPassword ? { password } : {}) }),
    onSuccess: (answer, _values, form) => {
      form.reset();
      onCreated({ name: answer.data.attributes.name, secret: answer.plainTextToken });
    },
    fieldForError: (caught) =>
      isApiError(caught, 'auth.invalid_credentials')
        ? { field: 'password', message: t('user.password.current_incorrect') }
        : undefined,
    bannerForError: (caught) =>
      isApiError(caught, 'auth.forbidden') && !asksPassword ? t('user.tokens.recent_sign_in') : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('user.tokens.create_title')}
        description={
          <>
            {t('user.tokens.description')}{' '}
            <a
              href="/api/docs"
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 font-semibold text-accent-strong underline-offset-2 hover:underline dark:text-accent"
            >
              <BookOpen className="size-4" aria-hidden />
              {t('user.tokens.docs_link')}
            </a>
          </>
        }
        footer={
          <Button type="submit" loading={pending} icon={<KeyRound className="size-4" aria-hidden />}>
            {t('user.tokens.create')}
          </Button>
        }
      >
        <div className="space-y-5">
          {error && <Notice tone="error">{error}</Notice>}
          <div className="sm:max-w-[calc(50%-0.625rem)]">
            <TextField
              label={t('user.tokens.name')}
              autoComplete="off"
              maxLength={ACCESS_TOKEN_NAME_MAX}
              {...field('name')}
              hint={t('user.tokens.name_hint')}
            />
          </div>
          {asksPassword && (
            <div className="sm:max-w-[calc(50%-0.625rem)]">
              <TextField
                label={t('user.password.current')}
                type="password"
                autoComplete="current-password"
                {...field('password')}
                hint={t('user.tokens.password_hint')}
              />
            </div>
          )}
          {user?.attributes.role === 'admin' && (
            <Switch
              label={t('user.tokens.admin_scope')}
              description={t('user.tokens.admin_scope_hint')}
              {...form.register('admin')}
            />
          )}
        </div>
      </Card>
    </form>
  );
}

/** The secret, once: a read-only field selected whole on focus, a Copy button and the warning. */
function NewToken({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    if (await copyText(secret)) toast.success(t('user.tokens.copied'));
    else {
      input.current?.focus();
      input.current?.select();
      toast.info(t('user.tokens.copy_manually'));
    }
  };
  return (
    <Card
      title={t('user.tokens.created_title', { name })}
      footer={
        <Button variant="secondary" onClick={onDone}>
          {t('user.tokens.done')}
        </Button>
      }
    >
      <div className="space-y-4">
        <Notice tone="info">
          <strong className="font-semibold">{t('user.tokens.shown_once')}</strong> {t('user.tokens.keep_secret')}
        </Notice>
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-neutral-800 dark:text-neutral-200">
            {t('user.tokens.secret_label')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            {/* The whole token, wrapped on phones: a script's owner may want to read it back. */}
            <textarea
              ref={input}
              id={id}
              readOnly
              rows={2}
              value={secret}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 resize-none rounded-xl bg-neutral-100 px-3.5 py-3 font-mono text-sm leading-6 break-all text-neutral-900 ring-1 ring-neutral-200 outline-none ring-inset focus-visible:ring-2 focus-visible:ring-accent sm:h-12 sm:overflow-hidden sm:whitespace-nowrap dark:bg-neutral-800/70 dark:text-neutral-100 dark:ring-neutral-700"
            />
            <Button
              autoFocus
              onClick={() => void copy()}
              icon={<Copy className="size-4" aria-hidden />}
              className="shrink-0"
            >
              {t('user.tokens.copy')}
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}

function TokenList() {
  const { t } = useTranslation();
  useDisplayTimezone();
  const { data: tokens, isPending, isError, refetch } = useAccessTokens();
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  return (
    <Card title={t('user.tokens.list_title')}>
      {isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('common.loading')} />
        </div>
      ) : isError ? (
        <Notice tone="error">
          {t('user.tokens.load_failed')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            {t('common.try_again')}
          </button>
        </Notice>
      ) : tokens.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('user.tokens.none')}</p>
      ) : (
        <ul
          className="-my-3 divide-y divide-neutral-200 dark:divide-neutral-800"
          aria-label={t('user.tokens.list_title')}
        >
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 font-medium text-neutral-900 dark:text-white">
                  <span className="truncate">{token.attributes.name}</span>
                  {token.attributes.scope === 'admin' && (
                    <span className="shrink-0 rounded-md bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
                      {t('user.tokens.admin_badge')}
                    </span>
                  )}
                </p>
                <p className="mt-0.5 text-sm text-neutral-500 dark:text-neutral-400">
                  {t('user.tokens.created_at', { date: formatDate(token.attributes.created_at) })}
                  {' · '}
                  {token.attributes.last_used_at
                    ? t('user.tokens.last_used', { date: formatDate(token.attributes.last_used_at, 'long') })
                    : t('user.tokens.never_used')}
                </p>
              </div>
              <Button
                variant="secondary"
                className="min-h-10 px-3"
                onClick={() => setRevoking(token)}
                icon={<Trash2 className="size-4" aria-hidden />}
                aria-label={t('user.tokens.revoke_named', { name: token.attributes.name })}
              >
                {t('user.tokens.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {revoking && <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />}
    </Card>
  );
}

function RevokeDialog({ token, onClose }: { token: AccessToken; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeAccessToken();
  const confirm = async () => {
    try {
      await revoke.mutateAsync(token.id);
      toast.success(t('user.tokens.revoked', { name: token.attributes.name }));
    } catch (caught) {
      // Already gone (another tab revoked it): the list refreshes either way.
      if (!isApiError(caught, 'not_found')) toast.error(errorMessage(t, caught));
    }
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('user.tokens.revoke_title', { name: token.attributes.name })}
      description={t('user.tokens.revoke_description')}
      closeLabel={t('common.close')}
      className="p-6"
    >
      <DialogActions>
        <Button variant="secondary" onClick={onClose} autoFocus>
          {t('files.cancel')}
        </Button>
        <Button
          variant="danger"
          loading={revoke.isPending}
          onClick={() => void confirm()}
          icon={<Trash2 className="size-4" aria-hidden />}
        >
          {t('user.tokens.revoke_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
