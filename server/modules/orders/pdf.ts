import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import type { OrderDetail } from '../../../contract/orders';
import words from '../../../locales/sv/common.json' with { type: 'json' };
import documentTexts from '../../../locales/sv/documents.json' with { type: 'json' };
import type { companies } from '../../db/schema';
import { fill } from '../../lib/i18n';
import { PDF_FONT, renderPdf } from '../../lib/pdf';

type CompanyRow = typeof companies.$inferSelect;

const t = documentTexts.order;

const kr = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 123456 öre → '1 234,56 kr' (Swedish grouping with a no-break space). */
export const money = (ore: number) => fill(t.amount, { amount: kr.format(ore / 100) });
const qty = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 3 });

const stockholmDate = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The order as a PDF (A4): company, delivery, references, rows with A-price, VAT per rate and totals. */
export async function orderPdf(order: OrderDetail, company: CompanyRow): Promise<Buffer> {
  const head = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({ text, bold: true, alignment });
  const right = (text: string): TableCell => ({ text, alignment: 'right' });
  const rows: TableCell[][] = [
    [
      head(t.columns.line),
      head(t.columns.sku),
      head(t.columns.name),
      head(t.columns.quantity, 'right'),
      head(t.columns.aPrice, 'right'),
      head(t.columns.vat, 'right'),
      head(t.columns.amount, 'right'),
    ],
    ...order.rows.map((r) => [
      String(r.lineNumber),
      r.sku,
      r.name,
      right(fill(t.quantity, { quantity: qty.format(r.quantity), unit: t.units[r.unit] })),
      right(money(r.aPrice)),
      right(fill(t.vatRate, { rate: r.vatRate })),
      right(money(r.rowTotal)),
    ]),
  ];
  const totals = order.totals;
  const totalLines: [string, number][] = [
    [t.subtotal, totals.subtotal],
    ...(totals.discount ? ([[t.discount, -totals.discount]] as [string, number][]) : []),
    [t.shipping, totals.shipping],
    ...(totals.otherCosts ? ([[t.otherCosts, totals.otherCosts]] as [string, number][]) : []),
    ...totals.vatLines.map((l): [string, number] => [fill(t.vat, { rate: l.rate, base: money(l.base) }), l.vat]),
  ];
  const address = [
    order.address.name,
    order.address.street,
    [order.address.postalCode, order.address.city].filter(Boolean).join(' '),
  ]
    .filter((s): s is string => Boolean(s))
    .join('\n');
  const content: Content = [
    {
      columns: [
        { text: t.brand, style: 'brand' },
        { text: fill(t.title, { orderNumber: order.orderNumber }), style: 'title', alignment: 'right' },
      ],
    },
    {
      margin: [0, 16, 0, 16],
      columns: [
        {
          stack: [
            { text: t.customer, bold: true },
            fill(t.customerName, { name: company.name, code: company.code }),
            ...(company.orgNumber ? [fill(t.orgNumber, { orgNumber: company.orgNumber })] : []),
            ...(company.phone ? [fill(t.phone, { phone: company.phone })] : []),
            ...(company.email ? [company.email] : []),
          ],
        },
        { stack: [{ text: t.deliveryAddress, bold: true }, address] },
        {
          stack: [
            { text: t.details, bold: true },
            fill(t.orderType, { type: words.orderType[order.orderType] }),
            fill(t.status, { status: words.orderStatus[order.status] }),
            fill(t.orderDate, { date: stockholmDate(order.orderDate) }),
            fill(t.deliveryDate, { date: order.deliveryDate }),
            ...(order.reference ? [fill(t.reference, { reference: order.reference })] : []),
            ...(order.theirReference ? [fill(t.theirReference, { reference: order.theirReference })] : []),
            ...(order.userName ? [fill(t.orderedBy, { name: order.userName })] : []),
            ...(order.placedBy ? [fill(t.placedBy, { name: order.placedBy })] : []),
          ],
        },
      ],
    },
    {
      table: { headerRows: 1, widths: [24, 60, '*', 55, 65, 35, 70], body: rows },
      layout: 'lightHorizontalLines',
      fontSize: 8,
    },
    {
      margin: [0, 12, 0, 0],
      table: {
        widths: ['*', 110],
        body: [
          ...totalLines.map(([label, value]) => [right(label), right(money(value))]),
          [head(t.total, 'right'), head(money(totals.total), 'right')],
        ],
      },
      layout: 'noBorders',
    },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    info: { title: fill(t.title, { orderNumber: order.orderNumber }), author: t.brand },
    defaultStyle: { font: PDF_FONT, fontSize: 9 },
    styles: { brand: { fontSize: 18, bold: true, color: '#1d4ed8' }, title: { fontSize: 14, bold: true } },
    footer: (page, pages) => ({
      text: fill(t.page, { page, pages }),
      alignment: 'center',
      fontSize: 8,
      margin: [0, 16],
    }),
    content,
  };
  return renderPdf(doc);
}
