import { MousePointerClick } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/preferences';

/** The file-info column (spec §3 preference); it fills once items can be selected. */
export function FileInfoPanel() {
  const { t } = useTranslation();
  const visible = usePreferences((s) => s.fileInfoVisible);
  if (!visible) return null;
  return (
    <aside
      aria-label={t('files.details')}
      className="hidden w-80 shrink-0 border-l border-neutral-200 p-6 xl:block dark:border-neutral-800/80"
    >
      <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-neutral-100 text-neutral-400 dark:bg-neutral-900">
        <MousePointerClick className="size-8" aria-hidden />
      </div>
      <p className="mt-4 text-sm text-neutral-500 dark:text-neutral-400">{t('files.details_empty')}</p>
    </aside>
  );
}
