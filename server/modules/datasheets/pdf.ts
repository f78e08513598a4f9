import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { pluralText } from '../../../contract/rules/plural';
import catalogTexts from '../../../locales/sv/catalog.json' with { type: 'json' };
import documentTexts from '../../../locales/sv/documents.json' with { type: 'json' };
import type { products } from '../../db/schema';
import { fill } from '../../lib/i18n';
import { PDF_FONT, renderPdf } from '../../lib/pdf';

export type ProductRow = typeof products.$inferSelect;

/** The two kinds of sheet the catalogue links to: the product sheet and, for chemicals, the safety data sheet. */
export type SheetKind = 'product' | 'safety';

// The product page's labels, so that the sheet and the page name a fact alike; the sheet's own texts in `sheet`.
const t = catalogTexts.product;
const sheet = documentTexts.datasheet;
const decimal = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 });
const stockholmDate = (date: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'long' }).format(date);

function unitText(row: ProductRow): string {
  return row.unit === 'carton'
    ? fill(pluralText(catalogTexts.unit, 'cartonOf', row.piecesPerCarton), { count: row.piecesPerCarton })
    : catalogTexts.unit.piece;
}

function temperatureText(row: ProductRow): string | null {
  const { temperatureMin: min, temperatureMax: max } = row;
  if (min !== null && max !== null) return fill(t.temperatureRange, { min, max });
  if (min !== null) return fill(t.temperatureMin, { min });
  if (max !== null) return fill(t.temperatureMax, { max });
  return null;
}

function labelText(label: string): string {
  return (catalogTexts.label as Record<string, string>)[label] ?? label;
}

/** The product's facts as label/value pairs, in the order of the product page; empty ones left out. */
function facts(row: ProductRow): [string, string][] {
  const pairs: [string, string | number | null][] = [
    [t.sku, row.sku],
    [t.brand, row.brandName],
    [t.gtinPiece, row.gtinPiece],
    [t.gtinCarton, row.gtinCarton],
    [t.unit, unitText(row)],
    [t.packageSize, row.packageSize],
    [t.packageType, row.packageType],
    [t.zone, row.zoneName],
    [t.temperature, temperatureText(row)],
    [t.origin, row.origin],
    [t.latinName, row.latinName],
    [
      t.alcohol,
      row.alcoholPercentage !== null
        ? fill(t.alcoholValue, { value: decimal.format(Number(row.alcoholPercentage)) })
        : null,
    ],
    [t.vintage, row.vintage],
    [t.vatRate, fill(t.vatValue, { rate: row.vatRate })],
  ];
  return pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== null && pair[1] !== '')
    .map(([label, value]) => [label, String(value)]);
}

const heading = (text: string): Content => ({ text, style: 'heading' });

function factsTable(pairs: [string, string][]): Content {
  return {
    table: {
      widths: [150, '*'],
      body: pairs.map(([label, value]): TableCell[] => [{ text: label, bold: true }, value]),
    },
    layout: 'lightHorizontalLines',
  };
}

function productContent(row: ProductRow): Content[] {
  const content: Content[] = [heading(t.facts), factsTable(facts(row))];
  if (row.description) content.push(heading(t.description), { text: row.description });
  if (row.ingredients) content.push(heading(t.ingredients), { text: row.ingredients });
  if (row.nutrients.length > 0) {
    content.push(heading(t.nutrientsCaption), {
      table: {
        headerRows: 1,
        widths: ['*', 120],
        body: [
          [
            { text: t.nutrient, bold: true },
            { text: t.per100, bold: true, alignment: 'right' },
          ],
          ...row.nutrients.map((n): TableCell[] => [n.name, { text: n.per100, alignment: 'right' }]),
        ],
      },
      layout: 'lightHorizontalLines',
    });
  }
  if (row.accreditationLabels.length > 0) {
    content.push(heading(t.labels), { ul: row.accreditationLabels.map(labelText) });
  }
  return content;
}

/**
 * The safety data sheet's first section (identification of the product and the supplier). The hazard sections come
 * from the manufacturer; the sheet says so and whom to ask, rather than inventing them.
 */
function safetyContent(row: ProductRow, customerServiceEmail: string): Content[] {
  const identification: [string, string][] = [
    [sheet.productName, row.name],
    [t.sku, row.sku],
    [t.brand, row.brandName],
    ...(row.gtinPiece ? ([[t.gtinPiece, row.gtinPiece]] as [string, string][]) : []),
    ...(row.gtinCarton ? ([[t.gtinCarton, row.gtinCarton]] as [string, string][]) : []),
    [t.unit, unitText(row)],
    ...(row.packageSize ? ([[t.packageSize, row.packageSize]] as [string, string][]) : []),
    [sheet.supplier, fill(sheet.supplierValue, { email: customerServiceEmail })],
  ];
  return [
    heading(sheet.safetySection1),
    factsTable(identification),
    heading(sheet.safetySections2to16),
    { text: fill(sheet.safetyFromManufacturer, { brand: row.brandName, email: customerServiceEmail }) },
  ];
}

export type SheetOptions = { title: string; customerServiceEmail: string; now?: Date };

/** The product's data sheet as an A4 PDF, in Swedish, from the catalogue row. */
export async function dataSheetPdf(row: ProductRow, kind: SheetKind, options: SheetOptions): Promise<Buffer> {
  const updated = fill(sheet.updated, { date: stockholmDate(row.updatedAt) });
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 56],
    info: {
      title: fill(sheet.title, { title: options.title, name: row.name }),
      author: sheet.brand,
      subject: fill(sheet.subject, { title: options.title, sku: row.sku }),
    },
    language: 'sv-SE',
    defaultStyle: { font: PDF_FONT, fontSize: 10, lineHeight: 1.2 },
    styles: {
      brand: { fontSize: 16, bold: true, color: '#1d4ed8' },
      kind: { fontSize: 11, color: '#4b5563' },
      title: { fontSize: 18, bold: true, margin: [0, 12, 0, 2] },
      heading: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] },
    },
    footer: (page, pages) => ({
      columns: [
        { text: fill(sheet.footer, { sku: row.sku, updated }), fontSize: 8 },
        { text: fill(sheet.page, { page, pages }), alignment: 'right', fontSize: 8 },
      ],
      margin: [48, 20, 48, 0],
    }),
    content: [
      {
        columns: [
          { text: sheet.brand, style: 'brand' },
          { text: options.title, style: 'kind', alignment: 'right' },
        ],
      },
      { text: row.name, style: 'title' },
      {
        text: fill(sheet.brandAndSku, {
          brandLabel: t.brand,
          brand: row.brandName,
          articleNumber: fill(t.articleNumber, { sku: row.sku }),
        }),
      },
      ...(kind === 'safety' ? safetyContent(row, options.customerServiceEmail) : productContent(row)),
    ],
  };
  return renderPdf(doc);
}
