import type { MailEnvironmentRequest, StorageEnvironmentRequest } from '@filestore/contract';
import { HardDrive, Mail, Server, Cloud, Lock } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../../lib/api';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { RadioCards } from '../../../ui/RadioCards';
import { PageSpinner } from '../../../ui/Spinner';
import { S3Fields, SmtpFields } from '../../setup/EnvironmentFields';
import { s3Form, smtpForm } from '../../setup/environment.schema';
import { useEnvironment, useSaveEnvironment, type Environment } from './settings.api';

/** Storage and mail, each tested by the server for real before it is saved (ADR 0043). */
export function EnvironmentSettings() {
  const { t } = useTranslation();
  const environment = useEnvironment();
  if (environment.isPending) return <PageSpinner label={t('common.loading')} />;
  if (environment.isError) return <Notice tone="error">{errorMessage(t, environment.error)}</Notice>;
  return (
    <>
      <StorageForm saved={environment.data.storage} />
      <MailForm saved={environment.data.mail} />
      <p className="flex items-start gap-2 text-sm text-neutral-500 dark:text-neutral-400">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('admin.environment.saved_here')}
      </p>
    </>
  );
}

/** The admin's S3 settings: an empty secret keeps the saved one (none saved: one is needed). */
function storageSchema(secretSet: boolean) {
  return z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('local') }),
    z.object({
      driver: z.literal('s3'),
      s3: s3Form
        .extend({ secret: secretSet ? z.string().max(255) : s3Form.shape.secret, forcePathStyle: z.boolean() })
        .transform(({ secret, ...s3 }) => ({ ...s3, ...(secret ? { secret } : {}) })),
    }),
  ]);
}

/** The server's own reason for a failed test ("Could not use this storage: …"), as before. */
const serverReason = (caught: unknown) => (isApiError(caught) ? caught.message : undefined);

function StorageForm({ saved }: { saved: Environment['storage'] }) {
  const { t } = useTranslation();
  const save = useSaveEnvironment('storage');
  const [confirming, setConfirming] = useState<{ name: string; count: number } | null>(null);
  /** The new place's name, typed in the confirmation, sent with the next submit. */
  const confirmation = useRef<string | undefined>(undefined);
  const locked = saved.fromEnv;
  const secretSet = saved.s3?.secretSet === true;
  const schema = useMemo(() => storageSchema(secretSet), [secretSet]);
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: {
      driver: saved.driver,
      s3: {
        endpoint: saved.s3?.endpoint ?? '',
        region: saved.s3?.region ?? 'us-east-1',
        bucket: saved.s3?.bucket ?? '',
        key: saved.s3?.key ?? '',
        secret: '',
        forcePathStyle: saved.s3?.forcePathStyle ?? true,
      },
    },
    mutationFn: async (values): Promise<StorageEnvironmentRequest | null> => {
      const confirm = confirmation.current;
      confirmation.current = undefined;
      try {
        await save.mutateAsync({ ...values, ...(confirm ? { confirm } : {}) });
        setConfirming(null);
        return values;
      } catch (caught) {
        setConfirming(null);
        if (!isApiError(caught, 'environment.confirmation_required')) throw caught;
        // Not a refusal: the switch leaves files behind, and the new place's name is asked for.
        setConfirming({ name: String(caught.details.confirm), count: Number(caught.details.storedObjects) });
        return null;
      }
    },
    onSuccess: (done, _values, form) => {
      if (!done) return;
      form.setValue('s3.secret', '');
      toast.success(t('admin.storage.saved'));
    },
    bannerForError: serverReason,
  });
  const driver = form.watch('driver');
  const s3 = form.watch('s3');
  const moving =
    driver !== saved.driver ||
    (driver === 's3' && (s3?.bucket !== saved.s3?.bucket || s3?.endpoint !== saved.s3?.endpoint));

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Card
          title={t('admin.storage.title')}
          description={t('admin.storage.description')}
          footer={
            locked ? undefined : (
              <Button type="submit" loading={pending}>
                {t('admin.storage.save')}
              </Button>
            )
          }
        >
          <div className="space-y-5">
            {locked && <Notice tone="info">{t('admin.storage.from_env')}</Notice>}
            {error && <Notice tone="error">{error}</Notice>}
            <RadioCards
              legend={t('admin.storage.driver')}
              name="storage_driver"
              value={driver}
              disabled={locked}
              onChange={(value) => form.setValue('driver', value)}
              options={[
                {
                  value: 'local',
                  label: t('admin.storage.local'),
                  description: t('admin.storage.local_description'),
                  icon: <HardDrive className="size-5" aria-hidden />,
                },
                {
                  value: 's3',
                  label: t('admin.storage.s3'),
                  description: t('admin.storage.s3_description'),
                  icon: <Cloud className="size-5" aria-hidden />,
                },
              ]}
            />
            {driver === 's3' && (
              <S3Fields
                screen="admin"
                field={(name) => field(`s3.${name}`)}
                region={s3?.region ?? ''}
                disabled={locked}
                secretSet={secretSet}
                pathStyle={form.register('s3.forcePathStyle')}
              />
            )}
            {!locked && moving && saved.storedObjects > 0 && (
              <Notice tone="warning">{t('admin.storage.switch_warning', { count: saved.storedObjects })}</Notice>
            )}
          </div>
        </Card>
      </form>
      {/* Outside the form: its own submit would otherwise reach this form's too (React events cross portals). */}
      {confirming && (
        <SwitchConfirmation
          {...confirming}
          busy={pending}
          onClose={() => setConfirming(null)}
          onConfirm={(typed) => {
            confirmation.current = typed;
            void onSubmit();
          }}
        />
      )}
    </>
  );
}

/** The storage switch that leaves files behind: said plainly, and the new place's name typed. */
function SwitchConfirmation({
  name,
  count,
  busy,
  onClose,
  onConfirm,
}: {
  name: string;
  count: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: (typed: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.storage.confirm_title', { count })}
      description={t('admin.storage.confirm_description')}
      closeLabel={t('common.close')}
      className="p-6"
    >
      <form
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed === name) onConfirm(typed);
        }}
      >
        <TextField
          label={t('admin.storage.confirm_label', { name })}
          name="confirm"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('admin.storage.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={busy} disabled={typed !== name}>
            {t('admin.storage.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The admin's SMTP settings: an empty password keeps the saved one. */
const mailSchema = z.discriminatedUnion('driver', [
  z.object({ driver: z.literal('outbox') }),
  z.object({
    driver: z.literal('smtp'),
    smtp: smtpForm
      .extend({ password: z.string().max(255) })
      .transform(({ password, ...smtp }) => ({ ...smtp, ...(password ? { password } : {}) })),
  }),
]);

function MailForm({ saved }: { saved: Environment['mail'] }) {
  const { t } = useTranslation();
  const save = useSaveEnvironment('mail');
  const locked = saved.fromEnv;
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema: mailSchema,
    defaultValues: {
      driver: saved.driver,
      smtp: {
        host: saved.smtp?.host ?? '',
        port: String(saved.smtp?.port ?? 587),
        username: saved.smtp?.username ?? '',
        password: '',
        encryption: saved.smtp?.encryption ?? 'starttls',
        from: saved.smtp?.from ?? '',
      },
    },
    mutationFn: (values: MailEnvironmentRequest) => save.mutateAsync(values),
    onSuccess: (_result, values, form) => {
      form.setValue('smtp.password', '');
      toast.success(t(values.driver === 'smtp' ? 'admin.mail.saved' : 'admin.mail.saved_outbox'));
    },
    bannerForError: serverReason,
  });
  const driver = form.watch('driver');

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('admin.mail.title')}
        description={t('admin.mail.description')}
        footer={
          locked ? undefined : (
            <Button type="submit" loading={pending}>
              {t(driver === 'smtp' ? 'admin.mail.save' : 'admin.mail.save_outbox')}
            </Button>
          )
        }
      >
        <div className="space-y-5">
          {locked && <Notice tone="info">{t('admin.mail.from_env')}</Notice>}
          {error && <Notice tone="error">{error}</Notice>}
          <RadioCards
            legend={t('admin.mail.driver')}
            name="mail_driver"
            value={driver}
            disabled={locked}
            onChange={(value) => form.setValue('driver', value)}
            options={[
              {
                value: 'outbox',
                label: t('admin.mail.outbox'),
                description: t('admin.mail.outbox_description'),
                icon: <Mail className="size-5" aria-hidden />,
              },
              {
                value: 'smtp',
                label: t('admin.mail.smtp'),
                description: t('admin.mail.smtp_description'),
                icon: <Server className="size-5" aria-hidden />,
              },
            ]}
          />
          {driver === 'smtp' && (
            <SmtpFields
              screen="admin"
              field={(name) => field(`smtp.${name}`)}
              disabled={locked}
              passwordSet={saved.smtp?.passwordSet === true}
            />
          )}
        </div>
      </Card>
    </form>
  );
}
