import { useTranslation } from '../../../../lib/i18n';
import { MAX_ROWS, type Table } from './csv';

/** A CSV or TSV file as a table: a sticky header row, every cell finding its own text direction. */
export default function TableView({ table }: { table: Table }) {
  const { t } = useTranslation();
  const width = Math.max(table.header.length, ...table.rows.slice(0, 50).map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => i);
  return (
    <div>
      {table.total > MAX_ROWS && (
        <p
          role="note"
          className="border-b border-neutral-200 px-4 py-2 text-xs text-amber-700 dark:border-neutral-800 dark:text-amber-400"
        >
          {t('preview.rows_capped', { shown: MAX_ROWS.toLocaleString(), total: table.total.toLocaleString() })}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-[13px] leading-5">
          <thead className="sticky top-0 bg-neutral-50 dark:bg-neutral-950">
            <tr>
              {columns.map((i) => (
                <th
                  key={i}
                  dir="auto"
                  scope="col"
                  className="border-b border-neutral-200 px-3 py-2 text-start font-semibold whitespace-nowrap dark:border-neutral-800"
                >
                  {table.header[i] ?? ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r} className="even:bg-neutral-50/70 dark:even:bg-neutral-800/30">
                {columns.map((i) => (
                  <td
                    key={i}
                    dir="auto"
                    className="max-w-[28rem] truncate border-b border-neutral-100 px-3 py-1.5 text-start dark:border-neutral-800/70"
                    title={(row[i] ?? '').length > 40 ? row[i] : undefined}
                  >
                    {row[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
