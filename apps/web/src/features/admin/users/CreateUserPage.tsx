import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../../app/routing';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage, focusFirstInvalid, serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { useCreateUser } from './users.api';

/** /admin/user/create: name, email, password twice, role and an optional capacity; verified at once. */
export function CreateUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const capacity = text('max_storage_amount').trim();
    setFailure(null);
    create.mutate(
      {
        name: text('name'),
        email: text('email'),
        password: text('password'),
        password_confirmation: text('password_confirmation'),
        role: data.get('role') === 'admin' ? 'admin' : 'user',
        max_storage_amount: capacity === '' ? null : Number(capacity),
      },
      {
        onSuccess: (answer) => {
          toast.success(t('admin.create.created', { name: answer.data.name }));
          void navigate(`/admin/user/${answer.data.id}/details`);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length) focusFirstInvalid(form);
          else setFailure(errorMessage(t, error));
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link to="/admin/users" className="text-sm font-medium text-accent-strong hover:underline dark:text-accent">
        ← {t('admin.user.back')}
      </Link>
      <Card title={t('admin.create.title')} description={t('admin.create.description')}>
        <form noValidate onSubmit={submit} className="space-y-4">
          {failure && <Notice tone="error">{failure}</Notice>}
          <TextField name="name" label={t('admin.create.name')} autoComplete="off" required error={errors.name} />
          <TextField
            name="email"
            type="email"
            label={t('admin.create.email')}
            autoComplete="off"
            required
            error={errors.email}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="password"
              type="password"
              label={t('admin.create.password')}
              autoComplete="new-password"
              required
              error={errors.password}
            />
            <TextField
              name="password_confirmation"
              type="password"
              label={t('admin.create.password_confirmation')}
              autoComplete="new-password"
              required
              error={errors.password_confirmation}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="role"
              label={t('admin.create.role')}
              defaultValue="user"
              error={errors.role}
              options={[
                { value: 'user', label: t('admin.users.role_user') },
                { value: 'admin', label: t('admin.users.role_admin') },
              ]}
            />
            <TextField
              name="max_storage_amount"
              type="number"
              min="0.001"
              step="any"
              inputMode="decimal"
              label={t('admin.create.capacity')}
              hint={t('admin.user.capacity_hint')}
              error={errors.max_storage_amount}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending}>
              {t('admin.create.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
