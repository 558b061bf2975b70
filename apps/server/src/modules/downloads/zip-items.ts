import { itemRef, ZIP_ITEMS_MAX, type ItemRef } from '@filestore/contract';
import { validationFailed } from '../../lib/errors.js';

const MAX_ITEMS = ZIP_ITEMS_MAX;
const FORMAT = 'Must be a comma-separated list of id|type pairs, for example 1b4e…|folder.';

/** `id|type,id|type` → refs in the order given, each id once. Anything else is a 422 naming `items`. */
export function parseZipItems(value: string): ItemRef[] {
  const refs = new Map<string, ItemRef>();
  for (const pair of value.split(',')) {
    const [id, type, extra] = pair.trim().split('|');
    const parsed = itemRef.safeParse({ id, type });
    if (!parsed.success || extra !== undefined) throw validationFailed({ items: [FORMAT] });
    if (!refs.has(parsed.data.id)) refs.set(parsed.data.id, parsed.data);
  }
  if (refs.size > MAX_ITEMS) throw validationFailed({ items: [`Choose at most ${MAX_ITEMS} items.`] });
  return [...refs.values()];
}
