import { ExternalLink } from 'lucide-react';
import { Link } from '../../../app/routing';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { SettingsForm, type SectionSpec } from './SettingsForm';
import { SettingsPage } from '../settings/SettingsTabs';

const TITLE_MAX = 200;
const TEXT_MAX = 1_000;

function sections(t: TFunction): SectionSpec[] {
  const show = (name: string, hint?: string) =>
    ({ kind: 'switch', name, label: t('admin.homepage.show_section'), hint }) as const;
  const title = (name: string, label = t('admin.homepage.field_title')) =>
    ({ kind: 'text', name, label, maxLength: TITLE_MAX, hint: t('admin.homepage.accent_hint') }) as const;
  const text = (name: string, label = t('admin.homepage.field_description')) =>
    ({ kind: 'textarea', name, label, maxLength: TEXT_MAX }) as const;
  return [
    {
      title: t('admin.homepage.title'),
      description: t('admin.homepage.description'),
      fields: [
        {
          kind: 'switch',
          name: 'allow_homepage',
          label: t('admin.homepage.allow'),
          hint: t('admin.homepage.allow_hint'),
        },
      ],
    },
    { title: t('admin.homepage.header'), fields: [title('header_title'), text('header_description')] },
    {
      title: t('admin.homepage.features'),
      fields: [show('section_features'), title('features_title'), text('features_description')],
    },
    {
      title: t('admin.homepage.feature_boxes'),
      fields: [
        show('section_feature_boxes'),
        ...[1, 2, 3].flatMap((n) => [
          title(`feature_title_${n}`, t('admin.homepage.box_title', { n })),
          text(`feature_description_${n}`, t('admin.homepage.box_description', { n })),
        ]),
      ],
    },
    {
      title: t('admin.homepage.pricing'),
      description: t('admin.homepage.pricing_hint'),
      fields: [show('section_pricing_content'), title('pricing_title'), text('pricing_description')],
    },
    {
      title: t('admin.homepage.get_started'),
      fields: [show('section_get_started'), title('get_started_title'), text('get_started_description')],
    },
    {
      title: t('admin.homepage.footer'),
      fields: [
        {
          kind: 'textarea',
          name: 'footer_content',
          label: t('admin.homepage.footer_content'),
          hint: t('admin.homepage.footer_hint'),
          maxLength: TEXT_MAX,
        },
      ],
    },
  ];
}

/** /admin/settings/index: the homepage's sections (reference §16.3 "Homepage"). */
export function HomepageSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      actions={
        <Link
          to="/"
          className="inline-flex min-h-10 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
        >
          <ExternalLink className="size-4" aria-hidden />
          {t('admin.homepage.view')}
        </Link>
      }
    >
      <SettingsForm
        sections={sections(t)}
        submitLabel={t('admin.homepage.save')}
        savedMessage={t('admin.homepage.saved')}
      />
    </SettingsPage>
  );
}
