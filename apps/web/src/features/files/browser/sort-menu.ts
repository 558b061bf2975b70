import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { usePreferences, type SortField } from '../../../lib/preferences';
import type { MenuAction } from '../../../ui/Menu';

const SORT_FIELDS: SortField[] = ['created_at', 'name', 'size', 'type'];

/** Sort by a field, then ascending or descending: the view menu of every listing toolbar. */
export function useSortMenu(): MenuAction[] {
  const { t } = useTranslation();
  const prefs = usePreferences();
  return [
    ...SORT_FIELDS.map((field) => ({
      id: `sort-${field}`,
      label: t(`files.sort.${field}`),
      checked: prefs.sorting.field === field,
      onSelect: () => prefs.setSorting(field, prefs.sorting.direction),
      group: 0,
    })),
    {
      id: 'asc',
      label: t('files.sort.asc'),
      icon: ArrowUpNarrowWide,
      checked: prefs.sorting.direction === 'ASC',
      onSelect: () => prefs.setSorting(prefs.sorting.field, 'ASC'),
      group: 1,
    },
    {
      id: 'desc',
      label: t('files.sort.desc'),
      icon: ArrowDownWideNarrow,
      checked: prefs.sorting.direction === 'DESC',
      onSelect: () => prefs.setSorting(prefs.sorting.field, 'DESC'),
      group: 1,
    },
  ];
}
