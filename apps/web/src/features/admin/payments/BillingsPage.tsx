import { z } from 'zod';
import { useCountryOptions } from '../../../lib/countries';
import { useApiForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { settingText as text, useAdminSettings, useWriteSettings, type AdminSettings } from '../settings/settings.api';
import { PaymentsSection } from './PaymentsTabs';

const FIELDS = [
  ['billing_name', 'organization'],
  ['billing_address', 'street-address'],
  ['billing_city', 'address-level2'],
  ['billing_state', 'address-level1'],
  ['billing_postal_code', 'postal-code'],
  ['billing_phone_number', 'tel'],
  ['billing_vat_number', 'off'],
] as const;
const NAMES = [...FIELDS.map(([name]) => name), 'billing_country'] as const;
type Name = (typeof NAMES)[number];

/** Each detail as typed; an empty one is removed (null). */
const sellerSchema = z.object(
  Object.fromEntries(
    NAMES.map((name) => [
      name,
      z
        .string()
        .trim()
        .transform((value) => value || null),
    ]),
  ) as Record<Name, z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>>,
);

/** /admin/payments/billings: the seller's details printed on every invoice (reference §16.3). */
export function BillingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <PaymentsSection>
      {settings.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : settings.isError ? (
        <Notice tone="error">{errorMessage(t, settings.error)}</Notice>
      ) : (
        <SellerForm saved={settings.data} />
      )}
    </PaymentsSection>
  );
}

function SellerForm({ saved }: { saved: AdminSettings }) {
  const { t, i18n } = useTranslation();
  const write = useWriteSettings();
  const { onSubmit, field, error, pending } = useApiForm({
    schema: sellerSchema,
    defaultValues: Object.fromEntries(NAMES.map((n) => [n, text(saved[n])])),
    mutationFn: (values) => write(saved, values),
    onSuccess: () => toast.success(t('admin.settings.saved')),
  });
  // Czech Republic and Slovakia first, as on the profile (spec §9).
  const countries = useCountryOptions(i18n.language);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('admin.billings.title')}
        description={t('admin.billings.description')}
        footer={
          <Button type="submit" loading={pending}>
            {t('admin.settings.save')}
          </Button>
        }
      >
        {error && (
          <div className="mb-4">
            <Notice tone="error">{error}</Notice>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(([name, autoComplete]) => (
            <TextField key={name} label={t(`admin.billings.${name}`)} autoComplete={autoComplete} {...field(name)} />
          ))}
          <SelectField
            label={t('admin.billings.billing_country')}
            autoComplete="country"
            {...field('billing_country')}
            options={[{ value: '', label: t('admin.billings.no_country') }, ...countries]}
          />
        </div>
      </Card>
    </form>
  );
}
