import { useState, type ChangeEvent, type FormEvent } from 'react';
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
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { createAdmin } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

const initial = { name: '', email: '', password: '', password_confirmation: '' };

export function AdminSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const field = (name: keyof typeof initial) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {
      name: rules.required(t, values.name),
      email: rules.email(t, values.email),
      password: rules.password(t, values.password),
      password_confirmation: rules.confirmation(t, values.password_confirmation, values.password),
    };
    setErrors(found);
    setError(null);
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    setLoading(true);
    try {
      await createAdmin({ ...values, email: values.email.trim() });
      // A full load: the new shell embeds the installed configuration and the fresh session,
      // instead of the guards reacting to each half of the change.
      window.location.assign('/admin/dashboard');
    } catch (caught) {
      setErrors(serverFieldErrors(caught));
      setError(errorMessage(t, caught));
      setLoading(false);
    }
  };

  return (
    <WizardLayout title={t('setup.admin.title')} description={t('setup.admin.description')}>
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField label={t('fields.name')} autoComplete="name" autoFocus {...field('name')} />
        <TextField label={t('fields.email')} type="email" inputMode="email" autoComplete="email" {...field('email')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="new-password"
            hint={t('validation.password_hint')}
            {...field('password')}
          />
          <TextField
            label={t('fields.password_confirmation')}
            type="password"
            autoComplete="new-password"
            {...field('password_confirmation')}
          />
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        <WizardActions>
          <Button variant="secondary" onClick={() => void navigate('/setup-wizard/app-setup')}>
            {t('setup.back')}
          </Button>
          <Button type="submit" loading={loading}>
            {t('setup.admin.submit')}
          </Button>
        </WizardActions>
      </form>
    </WizardLayout>
  );
}
