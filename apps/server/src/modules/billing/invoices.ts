import { eq } from 'drizzle-orm';
import type PdfKit from 'pdfkit';
import { z } from 'zod';
import { formatMoney } from '@filestore/contract';
import type { AppContext } from '../../app/context.js';
import type { TypedApp } from '../../app/types.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import { callerOf, mayReadOwned } from '../access/index.js';
import { readSettings } from '../settings/index.js';
import { fullName, users, type UserRow } from '../users/index.js';
import { transactions, type TransactionRow } from './billing.table.js';

/*
 * The invoice of a transaction (issue 17 point 2): a printable page rendered here, or the same
 * content as a PDF (`?format=pdf`). Only its owner and administrators see it; anyone else gets 404,
 * as for an id that does not exist. Every string a person typed is escaped.
 */

export interface Invoice {
  number: string;
  date: string;
  status: TransactionRow['status'];
  type: TransactionRow['type'];
  seller: string[];
  buyer: string[];
  lines: { label: string; usage: string | null; amount: string }[];
  total: string;
}

const clean = (lines: (string | null | undefined)[]) => lines.map((l) => l?.trim()).filter((l): l is string => !!l);

export function invoiceOf(row: TransactionRow, user: UserRow, settings: Record<string, unknown>): Invoice {
  const s = (key: string) => (typeof settings[key] === 'string' ? settings[key] : null);
  const day = row.createdAt.toISOString().slice(0, 10);
  const lines =
    row.metadata && row.metadata.length > 0
      ? row.metadata.map((l) => ({ label: l.label, usage: l.usage, amount: formatMoney(l.amount, l.currency) }))
      : [{ label: row.note ?? row.type, usage: null, amount: formatMoney(row.amount, row.currency) }];
  return {
    number: `${day.replaceAll('-', '')}-${row.id.slice(0, 8).toUpperCase()}`,
    date: day,
    status: row.status,
    type: row.type,
    seller: clean([
      s('billing_name'),
      s('billing_address'),
      [s('billing_postal_code'), s('billing_city')].filter(Boolean).join(' '),
      s('billing_state'),
      s('billing_country'),
      s('billing_phone_number'),
      s('billing_vat_number') ? `VAT ${s('billing_vat_number')}` : null,
    ]),
    buyer: clean([
      fullName(user),
      user.address,
      [user.postalCode, user.city].filter(Boolean).join(' '),
      user.state,
      user.country,
      user.phoneNumber,
      user.email,
    ]),
    lines,
    total: formatMoney(row.amount, row.currency),
  };
}

export function invoiceHtml(invoice: Invoice): string {
  const e = escapeHtml;
  const block = (title: string, lines: string[]) =>
    `<section><h2>${title}</h2>${lines.map((l) => `<p>${e(l)}</p>`).join('')}</section>`;
  const rows = invoice.lines
    .map((l) => `<tr><td>${e(l.label)}</td><td>${l.usage ? e(l.usage) : ''}</td><td class="n">${e(l.amount)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${e(invoice.number)}</title>
<style>
body{font-family:system-ui,sans-serif;color:#171717;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
header{display:flex;justify-content:space-between;align-items:flex-start;gap:1rem;flex-wrap:wrap}
h1{font-size:1.75rem;margin:0}h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#525252;margin:0 0 .25rem}
p{margin:0}.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1.5rem;margin:2rem 0}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e5e5e5}
.n{text-align:right;font-variant-numeric:tabular-nums}tfoot td{font-weight:600;border-bottom:0}
.status{display:inline-block;padding:.1rem .6rem;border-radius:999px;background:#f5f5f5;font-size:.85rem}
.print{margin-top:2rem}@media print{.print{display:none}body{margin:0}}
</style></head>
<body><main>
<header><div><h1>Invoice</h1><p>No. ${e(invoice.number)}</p><p>Date ${e(invoice.date)}</p></div>
<p class="status">Status: ${e(invoice.status)}</p></header>
<div class="parties">${block('Seller', invoice.seller)}${block('Bill to', invoice.buyer)}</div>
<table><thead><tr><th scope="col">Item</th><th scope="col">Usage</th><th scope="col" class="n">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td colspan="2">Total</td><td class="n">${e(invoice.total)}</td></tr></tfoot></table>
<p class="print"><a href="?format=pdf">Download PDF</a></p>
</main></body></html>`;
}

// pdfkit and its fonts load with the first PDF asked for (ADR 0051).
let pdfkitModule: Promise<typeof PdfKit> | undefined;

export async function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const PDFDocument = await (pdfkitModule ??= import('pdfkit').then((m) => m.default));
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(22).text('Invoice');
    doc.font('Helvetica').fontSize(10).text(`No. ${invoice.number}`).text(`Date ${invoice.date}`);
    doc.text(`Status: ${invoice.status}`);
    doc.moveDown();
    const top = doc.y;
    doc.font('Helvetica-Bold').text('Seller', 50, top);
    doc.font('Helvetica').text(invoice.seller.join('\n') || '-', 50, doc.y, { width: 230 });
    const leftEnd = doc.y;
    doc.font('Helvetica-Bold').text('Bill to', 310, top);
    doc.font('Helvetica').text(invoice.buyer.join('\n'), 310, doc.y, { width: 230 });
    doc.y = Math.max(leftEnd, doc.y) + 20;
    const row = (a: string, b: string, c: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(a, 50, y, { width: 260 });
      const h1 = doc.y;
      doc.text(b, 320, y, { width: 110 });
      const h2 = doc.y;
      doc.text(c, 440, y, { width: 105, align: 'right' });
      doc.y = Math.max(h1, h2, doc.y) + 6;
    };
    row('Item', 'Usage', 'Amount', true);
    for (const l of invoice.lines) row(l.label, l.usage ?? '', l.amount);
    row('Total', '', invoice.total, true);
    doc.end();
  });
}

export function invoicesRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    '/invoices/:id',
    {
      config: { access: 'user' },
      schema: {
        params: z.object({ id: z.string() }),
        querystring: z.object({ format: z.enum(['html', 'pdf']).optional() }),
      },
    },
    async (request, reply) => {
      const parsed = z.uuid().safeParse(request.params.id);
      const [found] = parsed.success
        ? await ctx.db
            .select({ t: transactions, u: users })
            .from(transactions)
            .innerJoin(users, eq(users.id, transactions.userId))
            .where(eq(transactions.id, parsed.data))
            .limit(1)
        : [];
      if (!found || !mayReadOwned(callerOf(request), found.t.userId, { admins: true })) {
        throw new AppError(404, 'not_found', 'No such invoice.');
      }
      const invoice = invoiceOf(found.t, found.u, await readSettings(ctx.db));
      reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'pdf') {
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="invoice-${invoice.number}.pdf"`)
          .send(await invoicePdf(invoice));
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
        .send(invoiceHtml(invoice));
    },
  );
}
