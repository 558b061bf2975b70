/**
 * Run by the server's build: writes `dist/pglite-template.tgz`, the embedded database's fresh data
 * folder that a first start loads instead of running initdb in the server (lib/db/pglite-template.ts).
 */
import { TEMPLATE_FILE, writeTemplate } from './lib/db/pglite-template.js';

await writeTemplate(new URL(`./${TEMPLATE_FILE}`, import.meta.url));
