import { COUNTRY_CODES } from '@filestore/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { errorMessage, serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageSpinner } from '../../../ui/Spinner';
import { settingText as text, useAdminSettings, useWriteSettings, type AdminSettings } from '../settings/settings.api';
import { PaymentsTabs } from './PaymentsTabs';

const FIELDS = [
  ['billing_name', 'organization'],
  ['billing_address', 'street-address'],
  ['billing_city', 'address-level2'],
  ['billing_state', 'address-level1'],
  ['billing_postal_code', 'postal-code'],
  ['billing_phone_number', 'tel'],
  ['billing_vat_number', 'off'],
] as const;

/** /admin/payments/billings: the seller's details printed on every invoice (reference §16.3). */
export function BillingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PaymentsTabs />
      {settings.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : settings.isError ? (
        <Notice tone="error">{errorMessage(t, settings.error)}</Notice>
      ) : (
        <SellerForm saved={settings.data} />
      )}
    </div>
  );
}

function SellerForm({ saved }: { saved: AdminSettings }) {
  const { t, i18n } = useTranslation();
  const write = useWriteSettings();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries([...FIELDS.map(([name]) => name), 'billing_country'].map((n) => [n, text(saved[n])])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const countries = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(i18n.language);
    return COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [i18n.language]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await write(saved, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() || null])));
      toast.success(t('admin.settings.saved'));
    } catch (caught) {
      const fields = serverFieldErrors(caught);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(errorMessage(t, caught));
    } finally {
      setBusy(false);
    }
  };

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <form onSubmit={submit} noValidate>
      <Card
        title={t('admin.billings.title')}
        description={t('admin.billings.description')}
        footer={
          <Button type="submit" loading={busy}>
            {t('admin.settings.save')}
          </Button>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(([name, autoComplete]) => (
            <TextField
              key={name}
              label={t(`admin.billings.${name}`)}
              name={name}
              autoComplete={autoComplete}
              value={values[name] ?? ''}
              error={errors[name]}
              onChange={(e) => set(name, e.target.value)}
            />
          ))}
          <SelectField
            label={t('admin.billings.billing_country')}
            name="billing_country"
            autoComplete="country"
            value={values.billing_country ?? ''}
            error={errors.billing_country}
            onChange={(e) => set('billing_country', e.target.value)}
            options={[{ value: '', label: t('admin.billings.no_country') }, ...countries]}
          />
        </div>
      </Card>
    </form>
  );
}
