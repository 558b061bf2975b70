import { PASSWORD_MIN } from '@filestore/contract';
import { z } from 'zod';
import { confirmationField } from '../../lib/form-schemas';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../app/routing';
import { useApiForm } from '../../lib/form';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { emailField } from './environment.schema';
import { createAdmin } from './setup.api';
import { WizardActions, WizardLayout } from './WizardLayout';

/** The contract's adminSetupRequest (a sign-up's rules), worded for the reader. */
const schema = z
  .object({
    name: z.string().trim().min(1).max(255),
    email: emailField,
    password: z.string().min(PASSWORD_MIN, { message: 'validation.password_min' }),
    password_confirmation: confirmationField,
  })
  .refine((v) => v.password_confirmation === v.password, {
    path: ['password_confirmation'],
    message: 'validation.password_mismatch',
  });

export function AdminSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
    mutationFn: createAdmin,
    // A full load: the new shell embeds the installed configuration and the fresh session,
    // instead of the guards reacting to each half of the change.
    onSuccess: () => window.location.assign('/admin/dashboard'),
  });

  return (
    <WizardLayout title={t('setup.admin.title')} description={t('setup.admin.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
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
          <Button type="submit" loading={pending}>
            {t('setup.admin.submit')}
          </Button>
        </WizardActions>
      </form>
    </WizardLayout>
  );
}
