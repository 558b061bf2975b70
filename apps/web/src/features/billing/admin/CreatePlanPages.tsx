import { supportedCurrencies, type MeterKey } from '@filestore/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { z } from 'zod';
import { useNavigate } from '../../../app/routing';
import { ApiError } from '../../../lib/api';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { AdminPage } from '../../admin/AdminPage';
import { Card } from '../../../ui/Card';
import { SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { Switch } from '../../../ui/Switch';
import { useCreatePlan } from '../billing.api';
import { emptyTier, validateTiers, type TierDraft, type TierErrors } from '../money';
import { planDescription, planMembers, planName, planStorage, priceIn } from './plan.schema';

/** Spec §9's currencies as the select shows them: "EUR · Euro" in the reader's language, USD, EUR and GBP first. */
export function currencyOptions(language: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'currency', fallback: 'code' });
  } catch {
    names = null;
  }
  return supportedCurrencies.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
  });
}

function useCurrencyOptions() {
  const { i18n } = useTranslation();
  return useMemo(() => currencyOptions(i18n.language), [i18n.language]);
}

/** A provider's refusal of the plan's currency, said on the currency field with the providers' names. */
function currencyRefusal(t: TFunction, caught: unknown) {
  if (!(caught instanceof ApiError) || caught.code !== 'billing.currency_unsupported') return undefined;
  const drivers = Array.isArray(caught.details.drivers) ? (caught.details.drivers as string[]) : [];
  const providers = drivers.map((d) => t(`billing.driver.${d}`)).join(', ');
  return {
    field: 'currency' as const,
    message: t('billing.form.currency_refused', {
      providers,
      currency: typeof caught.details.currency === 'string' ? caught.details.currency : '',
    }),
  };
}

/** A fixed plan as typed: the price is read in the chosen currency. */
const fixedPlanSchema = z
  .object({
    name: planName,
    description: planDescription,
    price: z.string(),
    currency: z.enum(supportedCurrencies),
    interval: z.enum(['month', 'year']),
    storage: planStorage,
    members: planMembers,
    visible: z.boolean(),
  })
  // Checked beside the other fields' messages; read once all of them are right.
  .superRefine((plan, ctx) => {
    if (!priceIn(plan.currency).safeParse(plan.price).success)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'billing.form.price_invalid' });
  })
  .transform((plan) => ({ ...plan, price: priceIn(plan.currency).parse(plan.price) }));

/** /admin/plan/create/fixed: a plan sold at a price per month or year, with its storage and team size. */
export function CreateFixedPlanPage() {
  const { t } = useTranslation();
  const currencies = useCurrencyOptions();
  const navigate = useNavigate();
  const create = useCreatePlan();
  const { form, onSubmit, field, pending } = useApiForm({
    schema: fixedPlanSchema,
    defaultValues: {
      name: '',
      description: '',
      price: '',
      currency: 'USD',
      interval: 'month',
      storage: '',
      members: '-1',
      visible: true,
    },
    mutationFn: ({ price, storage, members, ...plan }) =>
      create.mutateAsync({
        type: 'fixed',
        ...plan,
        amount: price,
        features: { max_storage_amount: storage, max_team_members: members },
      }),
    onSuccess: (plan) => {
      toast.success(t('billing.plans.created', { name: plan.name }));
      void navigate(`/admin/plan/${plan.id}/fixed/subscribers`);
    },
    fieldForError: (caught) => currencyRefusal(t, caught),
    // As before: a refusal that belongs to no field is a toast.
    bannerForError: (caught) => {
      toast.error(errorMessage(t, caught));
      return undefined;
    },
  });

  return (
    <AdminPage back={{ to: '/admin/plans', label: t('billing.plan.back') }} title={t('billing.plans.create_fixed')}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <Card
          title={t('billing.form.details')}
          footer={
            <Button type="submit" loading={pending}>
              {t('billing.form.create')}
            </Button>
          }
        >
          <div className="space-y-4">
            <TextField label={t('billing.form.name')} {...field('name')} />
            <TextAreaField label={t('billing.form.description')} {...field('description')} />
            {/* The currency wider: its name follows its code ("CZK · Czech Koruna"). */}
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_minmax(0,1fr)]">
              <TextField
                label={t('billing.form.price')}
                inputMode="decimal"
                hint={t('billing.form.price_hint')}
                {...field('price')}
              />
              <SelectField label={t('billing.form.currency')} options={currencies} {...field('currency')} />
              <SelectField
                label={t('billing.form.interval')}
                options={[
                  { value: 'month', label: t('billing.interval.month') },
                  { value: 'year', label: t('billing.interval.year') },
                ]}
                {...field('interval')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('billing.form.storage')} inputMode="numeric" {...field('storage')} />
              <TextField
                label={t('billing.form.members')}
                inputMode="numeric"
                hint={t('billing.form.members_hint')}
                {...field('members')}
              />
            </div>
            <Switch
              label={t('billing.form.visible')}
              description={t('billing.form.visible_hint')}
              {...form.register('visible')}
            />
          </div>
        </Card>
      </form>
    </AdminPage>
  );
}

const METERS: MeterKey[] = ['storage', 'bandwidth', 'member', 'flatFee'];

/** One meter's tiers: add and remove rows of first unit, last unit, price per unit and flat fee. */
export function TiersEditor({
  meter,
  tiers,
  errors,
  onChange,
}: {
  meter: MeterKey;
  tiers: TierDraft[];
  errors: TierErrors;
  onChange: (tiers: TierDraft[]) => void;
}) {
  const { t } = useTranslation();
  const meterName = t(`billing.meter.${meter}`);
  const update = (i: number, patch: Partial<TierDraft>) =>
    onChange(tiers.map((tier, j) => (j === i ? { ...tier, ...patch } : tier)));
  const err = (i: number, key: keyof TierDraft) => {
    const code = errors[i]?.[key];
    return code ? t(code) : undefined;
  };
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{t('billing.tiers.legend', { meter: meterName })}</legend>
      {tiers.map((tier, i) => (
        <div
          key={i}
          className="grid grid-cols-2 items-start gap-3 rounded-xl bg-neutral-50 p-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto] dark:bg-neutral-800/50"
          aria-label={t('billing.tiers.tier', { n: i + 1, meter: meterName })}
          role="group"
        >
          <TextField
            label={t('billing.tiers.first_unit')}
            inputMode="numeric"
            value={tier.first_unit}
            error={err(i, 'first_unit')}
            onChange={(e) => update(i, { first_unit: e.target.value })}
          />
          <TextField
            label={t('billing.tiers.last_unit')}
            inputMode="numeric"
            placeholder="∞"
            value={tier.last_unit}
            error={err(i, 'last_unit')}
            onChange={(e) => update(i, { last_unit: e.target.value })}
          />
          <TextField
            label={t('billing.tiers.per_unit')}
            inputMode="decimal"
            value={tier.per_unit}
            error={err(i, 'per_unit')}
            onChange={(e) => update(i, { per_unit: e.target.value })}
          />
          <TextField
            label={t('billing.tiers.flat_fee')}
            inputMode="decimal"
            value={tier.flat_fee}
            error={err(i, 'flat_fee')}
            onChange={(e) => update(i, { flat_fee: e.target.value })}
          />
          <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-7">
            <Button
              type="button"
              variant="ghost"
              aria-label={t('billing.tiers.remove', { n: i + 1, meter: meterName })}
              icon={<Trash2 className="size-4" aria-hidden />}
              onClick={() => onChange(tiers.filter((_, j) => j !== i))}
            />
          </div>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        icon={<Plus className="size-4" aria-hidden />}
        onClick={() => {
          const last = tiers[tiers.length - 1];
          const next = !last ? 1 : /^\d+$/.test(last.last_unit) ? Number(last.last_unit) + 1 : null;
          onChange([...tiers, next === null ? { ...emptyTier(), first_unit: '' } : emptyTier(next)]);
        }}
      >
        {t('billing.tiers.add', { meter: meterName })}
      </Button>
    </fieldset>
  );
}

const noTiers = (): Record<MeterKey, TierDraft[]> => ({ storage: [], bandwidth: [], member: [], flatFee: [] });

/** The meters' tiers as the API takes them, or null while one of them is wrong. */
function meterPayload(meters: Record<MeterKey, TierDraft[]>, currency: string) {
  const payload: { key: MeterKey; tiers: NonNullable<ReturnType<typeof validateTiers>['tiers']> }[] = [];
  for (const key of METERS) {
    if (meters[key].length === 0) continue;
    const { tiers } = validateTiers(meters[key], currency);
    if (!tiers) return null;
    payload.push({ key, tiers });
  }
  return payload;
}

const meteredPlanSchema = z
  .object({
    name: planName,
    description: planDescription,
    currency: z.enum(supportedCurrencies),
    visible: z.boolean(),
    meters: z.custom<Record<MeterKey, TierDraft[]>>(),
  })
  // The tiers' own messages are worked out from the drafts as they are shown (validateTiers);
  // here only whether the plan may be sent, and the message above the meters.
  .superRefine((plan, ctx) => {
    const payload = meterPayload(plan.meters, plan.currency);
    if (!payload) ctx.addIssue({ code: 'custom', path: ['meters'], message: 'billing.tiers.fix' });
    else if (payload.length === 0) ctx.addIssue({ code: 'custom', path: ['meters'], message: 'billing.tiers.none' });
  });

/** /admin/plan/create/metered: a currency and, per meter used, its tiers. */
export function CreateMeteredPlanPage() {
  const { t } = useTranslation();
  const currencies = useCurrencyOptions();
  const navigate = useNavigate();
  const create = useCreatePlan();
  const { form, onSubmit, field, pending } = useApiForm({
    schema: meteredPlanSchema,
    defaultValues: { name: '', description: '', currency: 'USD', visible: true, meters: noTiers() },
    mutationFn: ({ meters, ...plan }) =>
      create.mutateAsync({ type: 'metered', ...plan, meters: meterPayload(meters, plan.currency) ?? [] }),
    onSuccess: (plan) => {
      toast.success(t('billing.plans.created', { name: plan.name }));
      void navigate(`/admin/plan/${plan.id}/metered/subscribers`);
    },
    // As before: a refusal that belongs to no field is a toast.
    bannerForError: (caught) => {
      toast.error(errorMessage(t, caught));
      return undefined;
    },
  });
  const [meters, currency] = form.watch(['meters', 'currency']);
  const checked = form.formState.isSubmitted;
  const metersError = form.formState.errors.meters?.message;

  return (
    <AdminPage back={{ to: '/admin/plans', label: t('billing.plan.back') }} title={t('billing.plans.create_metered')}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <Card title={t('billing.form.details')}>
          <div className="space-y-4">
            <TextField label={t('billing.form.name')} {...field('name')} />
            <TextAreaField label={t('billing.form.description')} {...field('description')} />
            <SelectField label={t('billing.form.currency')} options={currencies} {...field('currency')} />
            <Switch
              label={t('billing.form.visible')}
              description={t('billing.form.visible_hint')}
              {...form.register('visible')}
            />
          </div>
        </Card>
        {metersError && <Notice tone="error">{metersError}</Notice>}
        {METERS.map((key) => (
          <Card key={key} title={t(`billing.meter.${key}`)} description={t(`billing.meter.${key}_hint`)}>
            <TiersEditor
              meter={key}
              tiers={meters[key]}
              // Once the form was sent, each tier's mistakes show beside it, and go as they are fixed.
              errors={checked ? validateTiers(meters[key], currency).errors : []}
              onChange={(tiers) => form.setValue('meters', { ...meters, [key]: tiers }, { shouldValidate: checked })}
            />
          </Card>
        ))}
        <Button type="submit" loading={pending}>
          {t('billing.form.create')}
        </Button>
      </form>
    </AdminPage>
  );
}
