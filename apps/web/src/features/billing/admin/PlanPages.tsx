import type { PlanResource } from '@filestore/contract';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Link, useNavigate, useParams } from '../../../app/routing';
import { formatDate } from '../../../lib/dates';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextAreaField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { planDescription, planMembers, planName, planStorage } from './plan.schema';
import { PageSpinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { ConfirmDialog } from '../../files/dialogs/ConfirmDialog';
import { useAdminPlan, useDeletePlan, usePlanSubscribers, useUpdatePlan } from '../billing.api';
import { AdminPage } from '../../admin/AdminPage';
import { TabStrip } from '../../admin/TabStrip';
import { EmptyPanel, planPrice, StatusBadge, TablePanel, tdClass, thClass } from '../parts';

/** The plan's name, price and tabs over one of its pages. */
function PlanFrame({ children }: { children: (plan: PlanResource) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const plan = useAdminPlan(id);
  const back = { to: '/admin/plans', label: t('billing.plan.back') };
  if (!plan.isSuccess)
    return (
      <AdminPage back={back} title={t('billing.plans.title')}>
        {plan.isPending ? (
          <PageSpinner label={t('common.loading')} />
        ) : (
          <Notice tone="error">{errorMessage(t, plan.error)}</Notice>
        )}
      </AdminPage>
    );
  const base = `/admin/plan/${plan.data.id}/${plan.data.type}`;
  const tabs = [
    [`${base}/subscribers`, 'billing.plan.tab_subscribers'],
    [`${base}/settings`, 'billing.plan.tab_settings'],
    [`${base}/delete`, 'billing.plan.tab_delete'],
  ] as const;
  return (
    <AdminPage
      back={back}
      title={
        <span className="flex flex-wrap items-center gap-2">
          {plan.data.name} <StatusBadge status={plan.data.status} />
        </span>
      }
      description={`${t(`billing.type.${plan.data.type}`)} · ${planPrice(t, plan.data, i18n.language)}`}
      tabs={<TabStrip label={t('billing.plan.tabs')} tabs={tabs} />}
    >
      {children(plan.data)}
    </AdminPage>
  );
}

function Subscribers({ plan }: { plan: PlanResource }) {
  const { t } = useTranslation();
  const subs = usePlanSubscribers(plan.id);
  if (subs.isPending) return <PageSpinner label={t('common.loading')} />;
  if (subs.isError) return <Notice tone="error">{errorMessage(t, subs.error)}</Notice>;
  if (subs.data.data.length === 0) return <EmptyPanel>{t('billing.plan.no_subscribers')}</EmptyPanel>;
  return (
    <TablePanel>
      <thead className="border-b border-neutral-200 dark:border-neutral-800">
        <tr>
          <th scope="col" className={thClass}>
            {t('billing.col.user')}
          </th>
          <th scope="col" className={thClass}>
            {t('billing.col.status')}
          </th>
          <th scope="col" className={thClass}>
            {t('billing.col.driver')}
          </th>
          <th scope="col" className={thClass}>
            {t('billing.col.since')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100 dark:divide-neutral-800">
        {subs.data.data.map((s) => (
          <tr key={s.id}>
            <td className={tdClass}>
              {/* Who subscribes: their name to their admin page, their email under it (spec §2). */}
              <Link
                to={`/admin/user/${s.user_id}/details`}
                className="font-medium text-neutral-900 hover:underline dark:text-white"
              >
                {s.user?.name || s.user?.email || t('billing.plan.unknown_user')}
              </Link>
              {s.user && <span className="block text-xs text-neutral-600 dark:text-neutral-400">{s.user.email}</span>}
            </td>
            <td className={tdClass}>
              <StatusBadge status={s.status} />
            </td>
            <td className={tdClass}>{t(`billing.driver.${s.driver}`)}</td>
            <td className={tdClass}>{formatDate(s.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </TablePanel>
  );
}

/** A plan's settings; a fixed plan's storage and team size too (a metered plan has none). */
const unused = z.string().transform(() => undefined);
const settingsSchema = (fixed: boolean) =>
  z.object({
    name: planName,
    description: planDescription,
    visible: z.boolean(),
    storage: fixed ? planStorage : unused,
    members: fixed ? planMembers : unused,
  });

function Settings({ plan }: { plan: PlanResource }) {
  const { t } = useTranslation();
  const update = useUpdatePlan(plan.id);
  const fixed = plan.type === 'fixed';
  const { form, onSubmit, field, error, pending } = useApiForm({
    schema: settingsSchema(fixed),
    defaultValues: {
      name: plan.name,
      description: plan.description ?? '',
      visible: plan.visible,
      storage: String(plan.features?.max_storage_amount ?? ''),
      members: String(plan.features?.max_team_members ?? -1),
    },
    mutationFn: ({ storage, members, ...settings }) =>
      update.mutateAsync({
        ...settings,
        ...(storage !== undefined && members !== undefined
          ? { features: { max_storage_amount: storage, max_team_members: members } }
          : {}),
      }),
    onSuccess: () => toast.success(t('billing.plan.saved')),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('billing.plan.tab_settings')}
        description={t('billing.plan.settings_hint')}
        footer={
          <Button type="submit" loading={pending}>
            {t('billing.plan.save')}
          </Button>
        }
      >
        <div className="space-y-4">
          {error && <Notice tone="error">{error}</Notice>}
          <TextField label={t('billing.form.name')} {...field('name')} />
          <TextAreaField label={t('billing.form.description')} {...field('description')} />
          {fixed && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('billing.form.storage')} inputMode="numeric" {...field('storage')} />
              <TextField
                label={t('billing.form.members')}
                inputMode="numeric"
                hint={t('billing.form.members_hint')}
                {...field('members')}
              />
            </div>
          )}
          <Switch
            label={t('billing.form.visible')}
            description={t('billing.form.visible_hint')}
            {...form.register('visible')}
          />
        </div>
      </Card>
    </form>
  );
}

function Delete({ plan }: { plan: PlanResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeletePlan(plan.id);
  const [open, setOpen] = useState(false);
  const subscribed = (plan.subscribers ?? 0) > 0;
  return (
    <Card title={t('billing.plan.tab_delete')}>
      <div className="space-y-4">
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {subscribed
            ? t('billing.plan.delete_archives', { count: plan.subscribers ?? 0 })
            : t('billing.plan.delete_explained')}
        </p>
        <Button variant="danger" onClick={() => setOpen(true)} disabled={plan.status === 'archived'}>
          {t(subscribed ? 'billing.plan.archive' : 'billing.plan.delete')}
        </Button>
      </div>
      {open && (
        <ConfirmDialog
          title={t('billing.plan.delete_title', { name: plan.name })}
          description={t(subscribed ? 'billing.plan.delete_archives_short' : 'billing.plan.delete_confirm')}
          confirmLabel={t(subscribed ? 'billing.plan.archive' : 'billing.plan.delete')}
          focusCancel
          onClose={() => setOpen(false)}
          onConfirm={async () => {
            try {
              const { outcome } = await remove.mutateAsync();
              toast.success(t(outcome === 'archived' ? 'billing.plan.archived' : 'billing.plan.deleted'));
              setOpen(false);
              void navigate('/admin/plans');
            } catch (error) {
              toast.error(errorMessage(t, error));
            }
          }}
        />
      )}
    </Card>
  );
}

export function PlanSubscribersPage() {
  return <PlanFrame>{(plan) => <Subscribers plan={plan} />}</PlanFrame>;
}
export function PlanSettingsPage() {
  return <PlanFrame>{(plan) => <Settings key={plan.updated_at} plan={plan} />}</PlanFrame>;
}
export function PlanDeletePage() {
  return <PlanFrame>{(plan) => <Delete plan={plan} />}</PlanFrame>;
}
