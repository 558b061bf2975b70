import { EMAIL_PATTERN, type EnvironmentSetupRequest } from '@filestore/contract';
import { Cloud, HardDrive, Inbox, Mail } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import {
  errorMessage,
  focusFirstInvalid,
  hasErrors,
  rules,
  serverFieldErrors,
  type FieldErrors,
} from '../../lib/forms';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { RadioCards } from '../../ui/RadioCards';
import { initialS3, initialSmtp, S3Fields, SmtpFields } from './EnvironmentFields';
import { saveEnvironment, useSetupState } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

type Storage = 'local' | 's3';
type Mail = 'outbox' | 'smtp';

export function EnvironmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useSetupState();
  const [storage, setStorage] = useState<Storage>('local');
  const [mail, setMail] = useState<Mail>('outbox');
  const [s3, setS3] = useState(initialS3);
  const [smtp, setSmtp] = useState(initialSmtp);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const storageFixed = state.data?.storage.fromEnv ?? false;
  const mailFixed = state.data?.mail.fromEnv ?? false;

  useEffect(() => {
    if (state.data) {
      setStorage(state.data.storage.driver);
      setMail(state.data.mail.driver);
    }
  }, [state.data]);

  const validate = (): FieldErrors => ({
    ...(storage === 's3' && !storageFixed
      ? {
          's3.region': rules.required(t, s3.region),
          's3.bucket': s3.bucket.trim().length >= 3 ? undefined : t('validation.bucket'),
          's3.key': rules.required(t, s3.key),
          's3.secret': rules.required(t, s3.secret),
          's3.endpoint': !s3.endpoint || /^https?:\/\/\S+$/.test(s3.endpoint.trim()) ? undefined : t('validation.url'),
        }
      : {}),
    ...(mail === 'smtp' && !mailFixed
      ? {
          'smtp.host': rules.required(t, smtp.host),
          'smtp.port': /^\d{1,5}$/.test(smtp.port) ? undefined : t('validation.port'),
          'smtp.from': EMAIL_PATTERN.test(smtp.from.trim()) ? undefined : t('validation.email'),
        }
      : {}),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setError(null);
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    // A driver fixed by the environment is ignored by the server; any valid value will do.
    const body: EnvironmentSetupRequest = {
      storage: storage === 's3' && !storageFixed ? { driver: 's3', s3 } : { driver: 'local' },
      mail:
        mail === 'smtp' && !mailFixed
          ? {
              driver: 'smtp',
              smtp: { ...smtp, port: Number(smtp.port), encryption: smtp.encryption as 'tls' | 'starttls' | 'none' },
            }
          : { driver: 'outbox' },
    };
    setLoading(true);
    try {
      await saveEnvironment(body);
      void navigate('/setup-wizard/app-setup');
    } catch (caught) {
      setErrors(serverFieldErrors(caught));
      setError(errorMessage(t, caught));
      setLoading(false);
    }
  };

  return (
    <WizardLayout title={t('setup.environment.title')} description={t('setup.environment.description')}>
      <form onSubmit={submit} noValidate className="space-y-8">
        <div className="space-y-5">
          {storageFixed && <Notice tone="info">{t('setup.from_env')}</Notice>}
          <RadioCards<Storage>
            legend={t('setup.environment.storage')}
            name="storage"
            value={storage}
            onChange={setStorage}
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
          {storage === 's3' && !storageFixed && <S3Fields values={s3} errors={errors} onChange={setS3} />}
        </div>
        <div className="space-y-5 border-t border-neutral-200 pt-8 dark:border-neutral-800">
          {mailFixed && <Notice tone="info">{t('setup.from_env')}</Notice>}
          <RadioCards<Mail>
            legend={t('setup.environment.mail')}
            name="mail"
            value={mail}
            onChange={setMail}
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
          {mail === 'smtp' && !mailFixed && <SmtpFields values={smtp} errors={errors} onChange={setSmtp} />}
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        <WizardActions>
          <Button variant="secondary" onClick={() => void navigate('/setup-wizard/database')}>
            {t('setup.back')}
          </Button>
          <Button type="submit" loading={loading}>
            {storage === 's3' || mail === 'smtp' ? t('setup.test_and_continue') : t('setup.continue')}
          </Button>
        </WizardActions>
      </form>
    </WizardLayout>
  );
}
