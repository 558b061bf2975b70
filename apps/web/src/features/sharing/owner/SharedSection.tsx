import { Link2, Pencil } from 'lucide-react';
import { useDisplayTimezone } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import type { Item } from '../../files/items';
import { expiryLabel, isExpired, permissionLabel } from './labels';
import { LinkField } from './LinkField';
import { openSharingDialog } from './store';

/**
 * The details panel's "Shared" entry (a <dl> item): what the link allows with an edit pencil,
 * then the link with a lock when it asks for a password, and Copy.
 */
export function SharedSection({ item }: { item: Item }) {
  const { t } = useTranslation();
  useDisplayTimezone();
  const share = item.relationships.shared?.data;
  if (!share) return null;
  const expired = isExpired(share);
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-accent-strong uppercase dark:text-accent">
        {t('sharing.shared')}
      </dt>
      <dd className="mt-1 space-y-2">
        <p className="flex items-center gap-1 text-sm font-medium text-neutral-900 dark:text-neutral-100">
          <span className="min-w-0">{permissionLabel(t, share)}</span>
          <button
            type="button"
            onClick={() => openSharingDialog({ kind: 'share-edit', item, share })}
            aria-label={t('sharing.edit_named', { name: item.attributes.name })}
            title={t('sharing.edit')}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white"
          >
            <Pencil className="size-4" aria-hidden />
          </button>
        </p>
        <p
          className={
            expired
              ? 'text-sm font-medium text-red-600 dark:text-red-400'
              : 'text-sm text-neutral-500 dark:text-neutral-400'
          }
        >
          {expiryLabel(t, share)}
        </p>
        <LinkField
          link={share.attributes.link}
          label={t('sharing.link')}
          hideLabel
          compact
          locked={share.attributes.protected}
        />
      </dd>
    </div>
  );
}

/** The small link mark of a shared item in a listing's meta line. */
export function SharedMark({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link2
      role="img"
      aria-label={t('sharing.is_shared')}
      className={className ?? 'mr-1 inline size-3.5 -translate-y-px align-middle text-accent-strong dark:text-accent'}
    />
  );
}
