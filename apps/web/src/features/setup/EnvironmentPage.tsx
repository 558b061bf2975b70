import { Cloud, HardDrive, Inbox, Mail } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import { useApiForm } from '../../lib/form';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { RadioCards } from '../../ui/RadioCards';
import { initialS3, initialSmtp, S3Fields, SmtpFields } from './EnvironmentFields';
import { s3Form, smtpForm } from './environment.schema';
import { saveEnvironment, useSetupState } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

type Storage = 'local' | 's3';
type Mail = 'outbox' | 'smtp';

/** The wizard's storage and mail, in the shape of the contract's environmentSetupRequest. */
const schema = z.object({
  storage: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('local') }),
    z.object({ driver: z.literal('s3'), s3: s3Form }),
  ]),
  mail: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('outbox') }),
    z.object({ driver: z.literal('smtp'), smtp: smtpForm }),
  ]),
});

export function EnvironmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useSetupState();
  const storageFixed = state.data?.storage.fromEnv ?? false;
  const mailFixed = state.data?.mail.fromEnv ?? false;
  const defaultValues = useMemo(
    () => ({
      storage: { driver: 'local', s3: initialS3 },
      mail: { driver: 'outbox', smtp: initialSmtp },
    }),
    [],
  );
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    // The union's other branch's fields are kept (and dropped by the schema) while the driver changes.
    defaultValues: defaultValues as z.input<typeof schema>,
    // A driver fixed by the environment stays the form's local/outbox: the server ignores it.
    mutationFn: saveEnvironment,
    onSuccess: () => void navigate('/setup-wizard/app-setup'),
  });

  useEffect(() => {
    if (!state.data) return;
    if (!state.data.storage.fromEnv) form.setValue('storage.driver', state.data.storage.driver);
    if (!state.data.mail.fromEnv) form.setValue('mail.driver', state.data.mail.driver);
  }, [state.data, form]);

  const chosenStorage = form.watch('storage.driver');
  const chosenMail = form.watch('mail.driver');
  const storage: Storage = storageFixed ? (state.data?.storage.driver ?? 'local') : chosenStorage;
  const mail: Mail = mailFixed ? (state.data?.mail.driver ?? 'outbox') : chosenMail;

  return (
    <WizardLayout title={t('setup.environment.title')} description={t('setup.environment.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-8">
        <div className="space-y-5">
          {storageFixed && <Notice tone="info">{t('setup.from_env')}</Notice>}
          <RadioCards<Storage>
            legend={t('setup.environment.storage')}
            name="storage"
            value={storage}
            onChange={(value) => form.setValue('storage.driver', value)}
            disabled={storageFixed}
            options={[
              {
                value: 'local',
                label: t('setup.environment.local'),
                description: t('setup.environment.local_hint'),
                icon: <HardDrive className="size-4" aria-hidden />,
              },
              {
                value: 's3',
                label: t('setup.environment.s3'),
                description: t('setup.environment.s3_hint'),
                icon: <Cloud className="size-4" aria-hidden />,
              },
            ]}
          />
          {storage === 's3' && !storageFixed && (
            <S3Fields
              screen="setup"
              field={(name) => field(`storage.s3.${name}`)}
              region={form.watch('storage.s3.region')}
            />
          )}
        </div>
        <div className="space-y-5 border-t border-neutral-200 pt-8 dark:border-neutral-800">
          {mailFixed && <Notice tone="info">{t('setup.from_env')}</Notice>}
          <RadioCards<Mail>
            legend={t('setup.environment.mail')}
            name="mail"
            value={mail}
            onChange={(value) => form.setValue('mail.driver', value)}
            disabled={mailFixed}
            options={[
              {
                value: 'outbox',
                label: t('setup.environment.outbox'),
                description: t('setup.environment.outbox_hint'),
                icon: <Inbox className="size-4" aria-hidden />,
              },
              {
                value: 'smtp',
                label: t('setup.environment.smtp'),
                description: t('setup.environment.smtp_hint'),
                icon: <Mail className="size-4" aria-hidden />,
              },
            ]}
          />
          {mail === 'smtp' && !mailFixed && <SmtpFields screen="setup" field={(name) => field(`mail.smtp.${name}`)} />}
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        <WizardActions>
          <Button variant="secondary" onClick={() => void navigate('/setup-wizard/database')}>
            {t('setup.back')}
          </Button>
          <Button type="submit" loading={pending}>
            {storage === 's3' || mail === 'smtp' ? t('setup.test_and_continue') : t('setup.continue')}
          </Button>
        </WizardActions>
      </form>
    </WizardLayout>
  );
}
