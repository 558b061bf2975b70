import { databaseSetupRequest } from '@filestore/contract';
import { Database, HardDrive } from 'lucide-react';
import { useEffect } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import { useApiForm } from '../../lib/form';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { RadioCards } from '../../ui/RadioCards';
import { DatabaseFields, initialDatabase } from './EnvironmentFields';
import { portField } from './environment.schema';
import { saveDatabase, useSetupState } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

type Connection = 'embedded' | 'postgres';

/** The contract's databaseSetupRequest over the form's strings (the port is typed). */
const schema = z.discriminatedUnion('connection', [
  databaseSetupRequest.options[0],
  databaseSetupRequest.options[1].extend({ port: portField, ssl: z.boolean() }),
]);

export function DatabasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useSetupState();
  const fixed = state.data?.database.fromEnv ?? false;
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema,
    // The postgres fields are kept (and dropped by the schema) while the embedded engine is chosen.
    defaultValues: { connection: 'embedded', ...initialDatabase },
    // A database fixed by the environment is not sent: the step only moves on.
    mutationFn: (values) => (fixed ? Promise.resolve() : saveDatabase(values)),
    onSuccess: () => void navigate('/setup-wizard/environment'),
  });

  useEffect(() => {
    if (state.data?.database.driver === 'postgres' && !state.data.database.fromEnv)
      form.setValue('connection', 'postgres');
  }, [state.data, form]);

  const chosen = form.watch('connection');
  const connection: Connection = fixed && state.data?.database.driver === 'postgres' ? 'postgres' : chosen;

  return (
    <WizardLayout title={t('setup.database.title')} description={t('setup.database.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {fixed && <Notice tone="info">{t('setup.from_env')}</Notice>}
        <RadioCards<Connection>
          legend={t('setup.database.engine')}
          name="connection"
          value={connection}
          onChange={(value) => form.setValue('connection', value)}
          disabled={fixed}
          options={[
            {
              value: 'embedded',
              label: t('setup.database.embedded'),
              description: t('setup.database.embedded_hint'),
              icon: <HardDrive className="size-4" aria-hidden />,
            },
            {
              value: 'postgres',
              label: t('setup.database.postgres'),
              description: t('setup.database.postgres_hint'),
              icon: <Database className="size-4" aria-hidden />,
            },
          ]}
        />
        {connection === 'postgres' && !fixed && (
          <DatabaseFields screen="setup" field={(name) => field(name)} ssl={form.register('ssl')} />
        )}
        {error && <Notice tone="error">{error}</Notice>}
        <WizardActions>
          <Button variant="secondary" onClick={() => void navigate('/setup-wizard/status-check')}>
            {t('setup.back')}
          </Button>
          <Button type="submit" loading={pending}>
            {connection === 'postgres' && !fixed ? t('setup.test_and_continue') : t('setup.continue')}
          </Button>
        </WizardActions>
      </form>
    </WizardLayout>
  );
}
