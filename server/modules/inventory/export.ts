/**
 * Excel and PDF exports of an inventory list (docs/decisions/0027): one sheet / one document, grouped like the screen
 * (by zone with the account on each row, or by account), with subtotals and a total, and beside the value the
 * variance against the previous list in units and in kronor. Amounts in kronor; the PDF shows a carton article's count
 * as whole cartons and pieces, as the phone does (contract/rules/count.ts `quantityParts`).
 */
import ExcelJS from 'exceljs';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import documents from '../../../locales/sv/documents.json' with { type: 'json' };
import type { InventoryGroup, InventoryItemGroup, InventoryList, InventoryUnit } from '../../../contract/inventory';
import { quantityParts } from '../../../contract/rules/count';
import { varianceTotal } from '../../../contract/rules/inventory-items';
import { fill } from '../../lib/i18n';
import { PDF_FONT, renderPdf } from '../../lib/pdf';

/** The labels of both documents: locales/sv/documents.json `inventory`. */
const t = documents.inventory;

export type ExportData = {
  company: { code: string; name: string };
  list: InventoryList;
  groups: InventoryItemGroup[];
  group: InventoryGroup;
};

const UNIT_TEXT = t.units;
const MONEY_FORMAT = '#,##0.00 "kr"';
const QUANTITY_FORMAT = '#,##0.###';

const kr = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' });
const qty = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 3 });
const formatKr = (ore: number) => kr.format(ore / 100);
const signedKr = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', signDisplay: 'exceptZero' });
const formatSignedKr = (ore: number) => signedKr.format(ore / 100);

/** "13 kart + 1 st" (a variance with its sign: "+1 st", "−2 kart"), as the phone shows a count. */
function quantityText(quantity: number, unit: InventoryUnit, piecesPerCarton: number, signed = false): string {
  const { sign, parts } = quantityParts(quantity, unit, piecesPerCarton);
  const texts = parts.map((p) => `${qty.format(p.amount)} ${UNIT_TEXT[p.unit]}`);
  const text = texts.length === 2 ? fill(t.quantityMixed, { cartons: texts[0]!, pieces: texts[1]! }) : (texts[0] ?? '');
  return sign < 0 ? `−${text}` : signed && quantity !== 0 ? `+${text}` : text;
}

function period(list: InventoryList): string {
  if (list.dateFrom && list.dateTo) return `${list.dateFrom} – ${list.dateTo}`;
  return list.dateFrom ?? list.dateTo ?? '';
}

/** "Inventering november 2026.xlsx": the list's name without characters that file systems refuse. */
export function exportFileName(list: Pick<InventoryList, 'name' | 'dateFrom'>, ext: 'xlsx' | 'pdf'): string {
  let base = list.name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/invent/i.test(base)) base = `${t.fileNamePrefix} ${base}`.trim();
  if (list.dateFrom && !base.includes(list.dateFrom.slice(0, 4))) base += ` ${list.dateFrom}`;
  return `${base.slice(0, 120)}.${ext}`;
}

const groupTitle = (group: InventoryGroup, label: string) =>
  fill(group === 'zone' ? t.zoneGroup : t.accountGroup, { label });
/** The column beside the name: the account when grouped by zone, the zone when grouped by account. */
const otherColumnOf = (group: InventoryGroup) => (group === 'zone' ? t.columns.account : t.columns.zone);

/**
 * The workbook: per group a heading, the items with =quantity*price and =variance*price, subtotals =SUM() of both; a
 * total of the subtotals (the variance as =SUM() of the groups' variance subtotals).
 */
export async function inventoryExcel(data: ExportData): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Skafferi';
  workbook.created = new Date(data.list.updatedAt);
  const sheet = workbook.addWorksheet(t.sheetName, {
    pageSetup: { orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const otherColumn = otherColumnOf(data.group);
  sheet.columns = [
    { key: 'articleNumber', width: 14 },
    { key: 'name', width: 40 },
    { key: 'other', width: 12 },
    { key: 'quantity', width: 10, style: { numFmt: QUANTITY_FORMAT } },
    { key: 'unit', width: 7 },
    { key: 'price', width: 14, style: { numFmt: MONEY_FORMAT } },
    { key: 'value', width: 16, style: { numFmt: MONEY_FORMAT } },
    { key: 'variance', width: 12, style: { numFmt: QUANTITY_FORMAT } },
    { key: 'varianceValue', width: 16, style: { numFmt: MONEY_FORMAT } },
  ];
  sheet.addRow([data.list.name]).font = { bold: true, size: 14 };
  sheet.addRow([`${data.company.name} (${data.company.code})`, period(data.list)]);
  sheet.addRow([]);
  const c = t.columns;
  const header = sheet.addRow([
    c.articleNumber,
    c.name,
    otherColumn,
    c.quantity,
    c.unit,
    c.price,
    c.value,
    c.variance,
    c.varianceValue,
  ]);
  header.font = { bold: true };
  header.border = { bottom: { style: 'thin' } };
  sheet.views = [{ state: 'frozen', ySplit: header.number }];

  const subtotalCells: string[] = [];
  const varianceCells: string[] = [];
  for (const group of data.groups) {
    sheet.addRow([groupTitle(data.group, group.label)]).font = { bold: true };
    const first = sheet.rowCount + 1;
    for (const item of group.items) {
      const r = sheet.rowCount + 1;
      sheet.addRow([
        item.articleNumber,
        item.name,
        (data.group === 'zone' ? item.account : item.zone) ?? '',
        item.quantity,
        UNIT_TEXT[item.unit],
        item.price / 100,
        { formula: `D${r}*F${r}`, result: (item.quantity * item.price) / 100 },
        item.variance,
        item.variance === null ? null : { formula: `H${r}*F${r}`, result: (item.variance * item.price) / 100 },
      ]);
    }
    const last = sheet.rowCount;
    const r = last + 1;
    const sub = sheet.addRow([
      '',
      fill(t.subtotal, { label: group.label }),
      '',
      '',
      '',
      '',
      group.items.length > 0
        ? { formula: `SUM(G${first}:G${last})`, result: group.subtotal / 100 }
        : { formula: '0', result: 0 },
      '',
      group.items.length > 0
        ? { formula: `SUM(I${first}:I${last})`, result: (group.varianceValue ?? 0) / 100 }
        : { formula: '0', result: 0 },
    ]);
    sub.font = { bold: true };
    sub.getCell(7).border = { top: { style: 'thin' } };
    sub.getCell(9).border = { top: { style: 'thin' } };
    subtotalCells.push(`G${r}`);
    varianceCells.push(`I${r}`);
    sheet.addRow([]);
  }
  const total = data.groups.reduce((s, g) => s + g.subtotal, 0);
  const totalRow = sheet.addRow([
    '',
    t.total,
    '',
    '',
    '',
    '',
    { formula: subtotalCells.length ? subtotalCells.join('+') : '0', result: total / 100 },
    '',
    {
      formula: varianceCells.length ? `SUM(${varianceCells.join(',')})` : '0',
      result: (varianceTotal(data.groups) ?? 0) / 100,
    },
  ]);
  totalRow.font = { bold: true };
  totalRow.getCell(7).border = { top: { style: 'double' } };
  totalRow.getCell(9).border = { top: { style: 'double' } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// --- PDF -------------------------------------------------------------------------------------------------------------

export async function inventoryPdf(data: ExportData, now = new Date()): Promise<Buffer> {
  const otherColumn = otherColumnOf(data.group);
  const c = t.columns;
  const columns = [c.articleNumber, c.name, otherColumn, c.quantity, c.price, c.value, c.variance, c.varianceValue];
  const head: TableCell[] = columns.map((text, i) => ({
    text,
    bold: true,
    alignment: i >= 3 ? 'right' : 'left',
  }));
  const content: Content[] = [
    { text: data.list.name, style: 'title' },
    { text: `${data.company.name} (${data.company.code})`, margin: [0, 2, 0, 0] },
    {
      text: [
        period(data.list) ? fill(t.period, { period: period(data.list) }) : '',
        fill(t.printed, { date: now.toISOString().slice(0, 10) }),
      ],
    },
  ];
  for (const group of data.groups) {
    const body: TableCell[][] = [head];
    for (const item of group.items) {
      body.push([
        item.articleNumber,
        item.name,
        (data.group === 'zone' ? item.account : item.zone) ?? '',
        { text: quantityText(item.quantity, item.unit, item.piecesPerCarton), alignment: 'right' },
        { text: formatKr(item.price), alignment: 'right' },
        { text: formatKr(item.stockValue), alignment: 'right' },
        {
          text: item.variance === null ? '' : quantityText(item.variance, item.unit, item.piecesPerCarton, true),
          alignment: 'right',
        },
        { text: item.varianceValue === null ? '' : formatSignedKr(item.varianceValue), alignment: 'right' },
      ]);
    }
    body.push([
      { text: fill(t.subtotal, { label: group.label }), colSpan: 5, bold: true },
      {},
      {},
      {},
      {},
      { text: formatKr(group.subtotal), bold: true, alignment: 'right' },
      {},
      {
        text: group.varianceValue === null ? '' : formatSignedKr(group.varianceValue),
        bold: true,
        alignment: 'right',
      },
    ]);
    content.push(
      { text: groupTitle(data.group, group.label), style: 'group' },
      {
        table: { headerRows: 1, widths: [48, '*', 36, 62, 52, 58, 56, 56], body, dontBreakRows: true },
        layout: 'lightHorizontalLines',
      },
    );
  }
  content.push({
    text: fill(t.totalWithAmount, { amount: formatKr(data.groups.reduce((s, g) => s + g.subtotal, 0)) }),
    style: 'total',
  });
  const variance = varianceTotal(data.groups);
  if (variance !== null)
    content.push({ text: fill(t.varianceWithAmount, { amount: formatSignedKr(variance) }), style: 'variance' });
  const doc: TDocumentDefinitions = {
    info: { title: data.list.name, creator: 'Skafferi', producer: 'Skafferi' },
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 48],
    defaultStyle: { font: PDF_FONT, fontSize: 9 },
    styles: {
      title: { fontSize: 16, bold: true },
      group: { fontSize: 11, bold: true, margin: [0, 14, 0, 4] },
      total: { fontSize: 11, bold: true, alignment: 'right', margin: [0, 12, 0, 0] },
      variance: { fontSize: 10, alignment: 'right', margin: [0, 4, 0, 0] },
    },
    footer: (page: number, pages: number) => ({
      text: fill(t.footer, { name: data.list.name, page, pages }),
      alignment: 'center',
      fontSize: 8,
      margin: [0, 16, 0, 0],
    }),
    content,
  };
  return renderPdf(doc);
}
