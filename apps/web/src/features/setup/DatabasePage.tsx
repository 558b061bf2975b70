import { Database, HardDrive } from 'lucide-react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import { errorMessage, focusFirstInvalid, hasErrors, rules, type FieldErrors } from '../../lib/forms';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { RadioCards } from '../../ui/RadioCards';
import { Switch } from '../../ui/Switch';
import { saveDatabase, useSetupState } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

type Connection = 'embedded' | 'postgres';
const initial = { host: '127.0.0.1', port: '5432', name: 'filestore', username: 'postgres', password: '' };

export function DatabasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useSetupState();
  const fixed = state.data?.database.fromEnv ?? false;
  const [connection, setConnection] = useState<Connection>('embedded');
  const [values, setValues] = useState(initial);
  const [ssl, setSsl] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (state.data?.database.driver === 'postgres') setConnection('postgres');
  }, [state.data]);

  const field = (name: keyof typeof initial) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (fixed) return void navigate('/setup-wizard/environment');
    if (connection === 'postgres') {
      const found = {
        host: rules.required(t, values.host),
        port: /^\d{1,5}$/.test(values.port) ? undefined : t('validation.port'),
        name: rules.required(t, values.name),
        username: rules.required(t, values.username),
      };
      setErrors(found);
      if (hasErrors(found)) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    }
    setLoading(true);
    try {
      await saveDatabase(
        connection === 'embedded' ? { connection } : { connection, ...values, port: Number(values.port), ssl },
      );
      void navigate('/setup-wizard/environment');
    } catch (caught) {
      setError(errorMessage(t, caught));
      setLoading(false);
    }
  };

  return (
    <WizardLayout title={t('setup.database.title')} description={t('setup.database.description')}>
      <form onSubmit={submit} noValidate className="space-y-6">
        {fixed && <Notice tone="info">{t('setup.from_env')}</Notice>}
        <RadioCards<Connection>
          legend={t('setup.database.engine')}
          name="connection"
          value={connection}
          onChange={setConnection}
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
          <div className="grid gap-5 sm:grid-cols-6">
            <div className="sm:col-span-4">
              <TextField label={t('setup.database.host')} autoComplete="off" {...field('host')} />
            </div>
            <div className="sm:col-span-2">
              <TextField label={t('setup.database.port')} inputMode="numeric" {...field('port')} />
            </div>
            <div className="sm:col-span-6">
              <TextField label={t('setup.database.name')} autoComplete="off" {...field('name')} />
            </div>
            <div className="sm:col-span-3">
              <TextField label={t('setup.database.username')} autoComplete="off" {...field('username')} />
            </div>
            <div className="sm:col-span-3">
              <TextField
                label={t('setup.database.password')}
                type="password"
                autoComplete="new-password"
                {...field('password')}
              />
            </div>
            <div className="sm:col-span-6">
              <Switch label={t('setup.database.ssl')} checked={ssl} onChange={(e) => setSsl(e.target.checked)} />
            </div>
          </div>
        )}
        {error && <Notice tone="error">{error}</Notice>}
        <WizardActions>
          <Button variant="secondary" onClick={() => void navigate('/setup-wizard/status-check')}>
            {t('setup.back')}
          </Button>
          <Button type="submit" loading={loading}>
            {connection === 'postgres' && !fixed ? t('setup.test_and_continue') : t('setup.continue')}
          </Button>
        </WizardActions>
      </form>
    </WizardLayout>
  );
}
