import { useTranslation } from '../../../lib/i18n';
import { Notice } from '../../../ui/Notice';
import { SettingsForm } from './SettingsForm';
import { SettingsPage } from '../settings/SettingsTabs';

/** /admin/settings/adsense: AdSense's publisher id and the three ad units (reference §16.3 "AdSense"). */
export function AdsSettingsPage() {
  const { t } = useTranslation();
  const slot = (name: string, label: string) =>
    ({
      kind: 'text',
      name,
      label,
      hint: t('admin.ads.banner_hint'),
      maxLength: 20,
      placeholder: '1234567890',
    }) as const;
  return (
    <SettingsPage>
      <SettingsForm
        submitLabel={t('admin.ads.save')}
        savedMessage={t('admin.ads.saved')}
        aside={(values) =>
          values.allowed_adsense === true && !String(values.adsense_client_id ?? '').trim() ? (
            <Notice tone="info">{t('admin.ads.needs_client')}</Notice>
          ) : null
        }
        sections={[
          {
            title: t('admin.ads.title'),
            description: t('admin.ads.description'),
            fields: [
              { kind: 'switch', name: 'allowed_adsense', label: t('admin.ads.enable') },
              {
                kind: 'text',
                name: 'adsense_client_id',
                label: t('admin.ads.client_id'),
                hint: t('admin.ads.client_id_hint'),
                maxLength: 40,
                placeholder: 'ca-pub-1234567890123456',
              },
              slot('adsense_banner_01', t('admin.ads.banner_01')),
              slot('adsense_banner_02', t('admin.ads.banner_02')),
              slot('adsense_banner_03', t('admin.ads.banner_03')),
            ],
          },
        ]}
      />
    </SettingsPage>
  );
}
