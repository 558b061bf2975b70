import { EMAIL_PATTERN, PASSWORD_MIN } from '@filestore/contract';
import { z } from 'zod';
import { confirmationField } from '../../../lib/form-schemas';
import { useNavigate } from '../../../app/routing';
import { useTranslation } from '../../../lib/i18n';
import { useApiForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { AdminPage } from '../AdminPage';
import { Card } from '../../../ui/Card';
import { SelectField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { capacityField, useCreateUser } from './users.api';

/** The contract's adminCreateUserRequest, worded for the reader and over the form's strings. */
const schema = z
  .object({
    name: z.string().trim().min(1).max(255),
    email: z.string().trim().min(1).max(255).regex(EMAIL_PATTERN, { message: 'validation.email' }),
    password: z.string().min(PASSWORD_MIN, { message: 'validation.password_min' }),
    password_confirmation: confirmationField,
    role: z.enum(['user', 'admin']),
    max_storage_amount: capacityField,
  })
  .refine((v) => v.password_confirmation === v.password, {
    path: ['password_confirmation'],
    message: 'validation.password_mismatch',
  });

/** /admin/user/create: name, email, password twice, role and an optional capacity; verified at once. */
export function CreateUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const { onSubmit, field, error, pending } = useApiForm({
    schema,
    defaultValues: {
      name: '',
      email: '',
      password: '',
      password_confirmation: '',
      role: 'user',
      max_storage_amount: '',
    },
    mutationFn: (values) => create.mutateAsync(values),
    onSuccess: (answer) => {
      toast.success(t('admin.create.created', { name: answer.data.name }));
      void navigate(`/admin/user/${answer.data.id}/details`);
    },
  });

  return (
    <AdminPage
      back={{ to: '/admin/users', label: t('admin.user.back') }}
      title={t('admin.create.title')}
      description={t('admin.create.description')}
    >
      <Card title={t('admin.create.account')}>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {error && <Notice tone="error">{error}</Notice>}
          <TextField label={t('admin.create.name')} autoComplete="off" required {...field('name')} />
          <TextField type="email" label={t('admin.create.email')} autoComplete="off" required {...field('email')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="password"
              label={t('admin.create.password')}
              autoComplete="new-password"
              required
              {...field('password')}
            />
            <TextField
              type="password"
              label={t('admin.create.password_confirmation')}
              autoComplete="new-password"
              required
              {...field('password_confirmation')}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('admin.create.role')}
              {...field('role')}
              options={[
                { value: 'user', label: t('admin.users.role_user') },
                { value: 'admin', label: t('admin.users.role_admin') },
              ]}
            />
            <TextField
              type="number"
              min="0.001"
              step="any"
              inputMode="decimal"
              label={t('admin.create.capacity')}
              hint={t('admin.user.capacity_hint')}
              {...field('max_storage_amount')}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={pending}>
              {t('admin.create.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </AdminPage>
  );
}
