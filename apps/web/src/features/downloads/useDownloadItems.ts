import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { showAlert } from '../../lib/popups';
import { ownRestrictionsApply, useFilesSource } from '../files/browser/source';
import { useUser } from '../user/user.api';
import { startDownload, startZipDownload, type WholeFolderZip } from './download-urls';
import type { DownloadableItem } from './index';

/** The most items one zip is asked for (the server takes up to 1,000). */
const ZIP_ITEMS_MAX = 900;

/**
 * One file → its file_url; several items or any folder → one zip (spec §7), from the account or
 * through the link on screen. Refused with the temporarily-disabled alert while the account may
 * not download (spec §5); through a link the server applies the owner's restrictions.
 */
export function useDownloadItems(): (items: DownloadableItem[], whole?: WholeFolderZip | null) => void {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const source = useFilesSource();
  const restrictions = ownRestrictionsApply(source) ? user?.meta.restrictions : undefined;
  const zipEndpoint = source.endpoints.zip;
  return useCallback(
    (items: DownloadableItem[], whole?: WholeFolderZip | null) => {
      if (items.length === 0 && !whole) return;
      if (restrictions && !restrictions.canDownload) {
        showAlert(t('download.disabled_title'), restrictions.reason ?? t('download.disabled_description'));
        return;
      }
      const [only] = items;
      if (!whole && items.length === 1 && only?.type === 'file' && only.attributes.file_url) {
        startDownload(only.attributes.file_url, only.attributes.name);
        return;
      }
      if (!zipEndpoint) return;
      // A whole folder is one name, whatever its size; only what was left out by hand counts.
      if ((whole ? whole.except.length : items.length) > ZIP_ITEMS_MAX) {
        showAlert(t('download.too_many_title'), t('download.too_many', { count: ZIP_ITEMS_MAX }));
        return;
      }
      void startZipDownload(items, zipEndpoint, whole ?? undefined);
      toast.success(t('download.zip_started', { count: whole ? whole.count : items.length }), {
        description: t('download.zip_started_hint'),
      });
    },
    [restrictions, zipEndpoint, t],
  );
}
