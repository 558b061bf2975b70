import Papa from 'papaparse';

/** A big spreadsheet is shown by its beginning: a table of more rows helps nobody and slows the page. */
export const MAX_ROWS = 1000;

export type Table = { header: string[]; rows: string[][]; total: number };

/**
 * The first row as the header and up to MAX_ROWS rows after it. `cut` says the text stops short of
 * the file's end, so its last row may be half a row and is dropped.
 */
export function parseTable(text: string, delimiter: ',' | '\t' | undefined, cut: boolean): Table {
  const { data } = Papa.parse<string[]>(text, { delimiter: delimiter ?? '', skipEmptyLines: 'greedy' });
  if (cut && data.length > 1) data.pop();
  const [header = [], ...rows] = data;
  return { header, rows: rows.slice(0, MAX_ROWS), total: rows.length };
}
