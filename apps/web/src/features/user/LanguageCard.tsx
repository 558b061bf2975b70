import type { PublicLanguagesResponse } from '@filestore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { configQueryKey, useConfig } from '../../lib/config';
import { errorMessage, serverFieldErrors } from '../../lib/forms';
import { switchLanguage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/Field';
import { useUpdateSetting, type User } from './user.api';

/**
 * The user's own language (ADR 0044): one of the installed ones, or the app's (null). Saved, then
 * every screen is drawn again in it; their mails follow it too.
 */
export function LanguageCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const config = useConfig();
  const updateSetting = useUpdateSetting();
  const [error, setError] = useState<string>();
  const languages = useQuery({
    queryKey: ['languages'],
    queryFn: () => api.get<PublicLanguagesResponse>('/api/languages'),
  });
  const chosen = user.relationships.settings.data.attributes.language ?? '';
  const list = languages.data?.data ?? [];
  const fallback = languages.data?.meta.default ?? config.locale;
  const fallbackName = list.find((l) => l.locale === fallback)?.name ?? fallback;

  const choose = (value: string) => {
    setError(undefined);
    updateSetting(
      { name: 'language', value },
      {
        force: true,
        onSaved: () => {
          const locale = value || fallback;
          client.setQueryData(configQueryKey, { ...config, locale });
          switchLanguage(locale).then(
            () => toast.success(t('user.profile.saved')),
            (caught: unknown) => setError(errorMessage(t, caught)),
          );
        },
        onError: (caught) => setError(serverFieldErrors(caught).language ?? errorMessage(t, caught)),
      },
    );
  };

  return (
    <Card title={t('user.profile.language')}>
      <SelectField
        label={t('user.profile.language')}
        name="language"
        value={chosen}
        disabled={languages.isPending}
        error={error}
        hint={t('user.profile.language_hint')}
        onChange={(e) => choose(e.target.value)}
        options={[
          { value: '', label: t('user.profile.language_default', { name: fallbackName }) },
          ...list.map((l) => ({ value: l.locale, label: l.name })),
        ]}
      />
    </Card>
  );
}
