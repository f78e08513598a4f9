import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import type { OrderDetail } from '../../../contract/orders';
import type { companies } from '../../db/schema';
import { PDF_FONT, renderPdf } from '../../lib/pdf';

type CompanyRow = typeof companies.$inferSelect;

const kr = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 123456 öre → '1 234,56 kr' (Swedish grouping with a no-break space). */
export const money = (ore: number) => `${kr.format(ore / 100)} kr`;
const qty = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 3 });
const UNIT = { piece: 'st', carton: 'krt' } as const;
const STATUS = { pending: 'Mottagen', delivered: 'Levererad', received: 'Kvitterad' } as const;
const TYPE = { web: 'Webborder', sale: 'Säljorder' } as const;

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
      head('Rad'),
      head('Art.nr'),
      head('Benämning'),
      head('Antal', 'right'),
      head('A-pris', 'right'),
      head('Moms', 'right'),
      head('Belopp', 'right'),
    ],
    ...order.rows.map((r) => [
      String(r.lineNumber),
      r.sku,
      r.name,
      right(`${qty.format(r.quantity)} ${UNIT[r.unit]}`),
      right(money(r.aPrice)),
      right(`${r.vatRate} %`),
      right(money(r.rowTotal)),
    ]),
  ];
  const t = order.totals;
  const totalLines: [string, number][] = [
    ['Summa exkl. moms', t.subtotal],
    ...(t.discount ? ([['Rabatt', -t.discount]] as [string, number][]) : []),
    ['Frakt', t.shipping],
    ...(t.otherCosts ? ([['Övriga kostnader', t.otherCosts]] as [string, number][]) : []),
    ...t.vatLines.map((l): [string, number] => [`Moms ${l.rate} % (på ${money(l.base)})`, l.vat]),
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
        { text: 'Skafferi', style: 'brand' },
        { text: `Order ${order.orderNumber}`, style: 'title', alignment: 'right' },
      ],
    },
    {
      margin: [0, 16, 0, 16],
      columns: [
        {
          stack: [
            { text: 'Kund', bold: true },
            `${company.name} (${company.code})`,
            ...(company.orgNumber ? [`Org.nr ${company.orgNumber}`] : []),
            ...(company.phone ? [`Tel. ${company.phone}`] : []),
            ...(company.email ? [company.email] : []),
          ],
        },
        { stack: [{ text: 'Leveransadress', bold: true }, address] },
        {
          stack: [
            { text: 'Orderuppgifter', bold: true },
            `Ordertyp: ${TYPE[order.orderType]}`,
            `Status: ${STATUS[order.status]}`,
            `Orderdatum: ${stockholmDate(order.orderDate)}`,
            `Leveransdag: ${order.deliveryDate}`,
            ...(order.reference ? [`Er referens: ${order.reference}`] : []),
            ...(order.theirReference ? [`Vår referens: ${order.theirReference}`] : []),
            ...(order.userName ? [`Beställd av: ${order.userName}`] : []),
            ...(order.placedBy ? [`Lagd av: ${order.placedBy} (Skafferi)`] : []),
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
          [head('Att betala inkl. moms', 'right'), head(money(t.total), 'right')],
        ],
      },
      layout: 'noBorders',
    },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    info: { title: `Order ${order.orderNumber}`, author: 'Skafferi' },
    defaultStyle: { font: PDF_FONT, fontSize: 9 },
    styles: { brand: { fontSize: 18, bold: true, color: '#1d4ed8' }, title: { fontSize: 14, bold: true } },
    footer: (page, pages) => ({ text: `Sida ${page} av ${pages}`, alignment: 'center', fontSize: 8, margin: [0, 16] }),
    content,
  };
  return renderPdf(doc);
}
