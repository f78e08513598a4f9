import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse as parseDisposition } from 'content-disposition';
import { extractText, getDocumentProxy } from 'unpdf';
import type { InventoryGroupsResponse, PagedInventoryLists } from '../../contract/inventory';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let listId: string;
let listName: string;

beforeAll(async () => {
  app = await createTestApp();
  kund = await login(app, DEMO.kund);
  const res = await app.inject({
    method: 'GET',
    url: '/v1/company/10001/inventory-lists?q=Storinventering',
    headers: bearer(kund),
  });
  const list = res.json<PagedInventoryLists>().data[0]!;
  listId = list.id;
  listName = list.name;
}, 180_000);
afterAll(() => app.closeAll());

async function groups(group: 'zone' | 'account' = 'zone') {
  const res = await app.inject({
    method: 'GET',
    url: `/v1/company/10001/inventory-list/${listId}/items/group-by/${group}`,
    headers: bearer(kund),
  });
  return res.json<InventoryGroupsResponse>();
}

describe('Excel export', () => {
  it('is one sheet grouped by zone with the account, real formulas, subtotals and a total', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/company/10001/inventory-list/${listId}/export/excel`,
      headers: bearer(kund),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    // What the browser saves the file as: an attachment named after the list.
    const disposition = parseDisposition(String(res.headers['content-disposition']));
    expect(disposition.type).toBe('attachment');
    expect(disposition.parameters.filename).toMatch(/^Storinventering .+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe(listName);
    const expected = await groups('zone');
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row) => rows.push(row));
    const header = rows.find((r) => r.getCell(1).value === 'Artikelnr')!;
    expect(header.values).toEqual([
      undefined,
      'Artikelnr',
      'Benämning',
      'Konto',
      'Antal',
      'Enhet',
      'À-pris',
      'Lagervärde',
      'Förändring',
      'Förändring kr',
    ]);
    const headings = rows.map((r) => r.getCell(1).value).filter((v) => typeof v === 'string' && v.startsWith('Zon: '));
    expect(headings).toEqual(expected.data.map((g) => `Zon: ${g.label}`));
    // Every item row: stock value is =D*F of its own row; every subtotal a SUM of its rows with the right result.
    let itemRows = 0;
    const subtotalRefs: string[] = [];
    for (const row of rows) {
      const g = row.getCell(7).value as ExcelJS.CellFormulaValue | null;
      if (!g || typeof g !== 'object' || !('formula' in g)) continue;
      if (/^D\d+\*F\d+$/.test(g.formula)) {
        expect(g.formula).toBe(`D${row.number}*F${row.number}`);
        itemRows++;
      } else if (g.formula.startsWith('SUM(')) {
        const label = String(row.getCell(2).value).replace(/^Summa /, '');
        const group = expected.data.find((x) => x.label === label)!;
        expect(Math.round((g.result as number) * 100)).toBe(group.subtotal);
        subtotalRefs.push(`G${row.number}`);
      } else {
        expect(row.getCell(2).value).toBe('Totalt lagervärde');
        expect(g.formula).toBe(subtotalRefs.join('+'));
        expect(Math.round((g.result as number) * 100)).toBe(expected.stockValue);
      }
    }
    expect(itemRows).toBe(expected.data.reduce((n, g) => n + g.itemCount, 0));
    expect(subtotalRefs).toHaveLength(expected.data.length);
    // Item cells carry the numbers the formulas use.
    const first = expected.data[0]!.items[0]!;
    const row = rows.find((r) => r.getCell(1).value === first.articleNumber)!;
    expect(row.getCell(4).value).toBe(first.quantity);
    expect(row.getCell(6).value).toBe(first.price / 100);
    expect(row.getCell(3).value).toBe(first.account ?? '');
  });

  it('has the variance in kronor as formulas: =variance*price per row, SUM() per zone and for the list', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/company/10001/inventory-list/${listId}/export/excel`,
      headers: bearer(kund),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: ExcelJS.Row[] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push(row));
    const expected = await groups('zone');
    // The seeded list is compared with the previous month's: some items have a variance, so the list has one.
    expect(expected.varianceValue).not.toBeNull();
    const items = expected.data.flatMap((g) => g.items);
    let varianceRows = 0;
    const subtotalRefs: string[] = [];
    let totalFormula: string | null = null;
    for (const row of rows) {
      const cell = row.getCell(9).value as ExcelJS.CellFormulaValue | null;
      const item = items.find((i) => i.articleNumber === row.getCell(1).value);
      if (item) {
        if (item.variance === null) {
          expect(cell).toBeNull();
          continue;
        }
        expect(row.getCell(8).value).toBe(item.variance);
        expect(cell).toMatchObject({ formula: `H${row.number}*F${row.number}` });
        // The cached result is the formula's (unrounded); the API's varianceValue is it rounded to the öre.
        const result = (cell as ExcelJS.CellFormulaValue).result as number;
        expect(result).toBeCloseTo((item.variance * item.price) / 100, 6);
        expect(Math.abs(result * 100 - item.varianceValue!)).toBeLessThanOrEqual(0.5 + 1e-6);
        varianceRows++;
      } else if (String(row.getCell(2).value).startsWith('Summa ')) {
        const group = expected.data.find((g) => `Summa ${g.label}` === row.getCell(2).value)!;
        const first = rows.indexOf(row) - group.items.length;
        expect(cell!.formula).toBe(`SUM(I${rows[first]!.number}:I${row.number - 1})`);
        expect(Math.round((cell!.result as number) * 100)).toBe(group.varianceValue ?? 0);
        subtotalRefs.push(`I${row.number}`);
      } else if (row.getCell(2).value === 'Totalt lagervärde') {
        totalFormula = cell!.formula;
        expect(Math.round((cell!.result as number) * 100)).toBe(expected.varianceValue);
      }
    }
    expect(varianceRows).toBe(items.filter((i) => i.variance !== null).length);
    expect(varianceRows).toBeGreaterThan(0);
    expect(totalFormula).toBe(`SUM(${subtotalRefs.join(',')})`);
    // The group answer's variance is the sum of its items' (the same rule as the phone's).
    for (const g of expected.data) {
      const withVariance = g.items.filter((i) => i.varianceValue !== null);
      expect(g.varianceValue).toBe(withVariance.length ? withVariance.reduce((s, i) => s + i.varianceValue!, 0) : null);
    }
  });

  it('groups by account on request', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/company/10001/inventory-list/${listId}/export/excel?group=account`,
      headers: bearer(kund),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push(row.getCell(1).value));
    expect(values.filter((v) => typeof v === 'string' && v.startsWith('Konto: ')).length).toBe(
      (await groups('account')).data.length,
    );
  });
});

describe('PDF export', () => {
  it('has the list, the groups with Swedish characters, subtotals and the total', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/company/10001/inventory-list/${listId}/export/pdf`,
      headers: bearer(kund),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('.pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(listName);
    expect(flat).toContain('Lagervärde');
    expect(flat).toContain('Totalt lagervärde');
    const expected = await groups('zone');
    for (const g of expected.data) expect(flat).toContain(`Zon: ${g.label}`);
    const kr = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' });
    expect(flat.replace(/\s/g, '')).toContain(kr.format(expected.stockValue / 100).replace(/\s/g, ''));
    // The variance in kronor: per row, per zone and for the list, signed.
    const signed = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', signDisplay: 'exceptZero' });
    const compact = flat.replace(/\s/g, '');
    expect(flat).toContain('Förändring mot föregående lista');
    expect(compact).toContain(
      `Förändringmotföregåendelista:${signed.format(expected.varianceValue! / 100).replace(/\s/g, '')}`,
    );
    for (const g of expected.data)
      if (g.varianceValue !== null) expect(compact).toContain(signed.format(g.varianceValue / 100).replace(/\s/g, ''));
    const item = expected.data.flatMap((g) => g.items).find((i) => i.varianceValue !== null && i.varianceValue !== 0)!;
    expect(compact).toContain(signed.format(item.varianceValue! / 100).replace(/\s/g, ''));
  });

  it('answers 404 for a list of another company and 403 for a company not linked', async () => {
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/v1/company/10002/inventory-list/${listId}/export/pdf`,
          headers: bearer(kund),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/v1/company/10003/inventory-list/${listId}/export/excel`,
          headers: bearer(kund),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('walking order in the exports', () => {
  it('lists each zone in the walking order the phones set, grouped by account in name order', async () => {
    const before = await groups('zone');
    const zone = before.data.find((g) => g.key !== null && g.items.length >= 3)!;
    // The zone walked backwards: the opposite of the name order the API sorts by.
    const walked = [...zone.items].reverse();
    const set = await app.inject({
      method: 'PUT',
      url: `/v1/company/10001/inventory-list/${listId}/walk-order`,
      headers: bearer(kund),
      payload: { zone: zone.key, itemIds: walked.map((i) => i.id) },
    });
    expect(set.statusCode).toBe(200);

    const articleRows = async (group: 'zone' | 'account') => {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/company/10001/inventory-list/${listId}/export/excel?group=${group}`,
        headers: bearer(kund),
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const values: unknown[] = [];
      workbook.worksheets[0]!.eachRow((row) => values.push(row.getCell(1).value));
      return values;
    };
    const byZone = await articleRows('zone');
    const heading = byZone.indexOf(`Zon: ${zone.label}`);
    expect(byZone.slice(heading + 1, heading + 1 + walked.length)).toEqual(walked.map((i) => i.articleNumber));

    const pdf = await app.inject({
      method: 'GET',
      url: `/v1/company/10001/inventory-list/${listId}/export/pdf`,
      headers: bearer(kund),
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const positions = walked.map((i) => text.indexOf(i.articleNumber));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // An account has no walk: its items keep the API's name order.
    const byAccount = await articleRows('account');
    const accounts = await groups('account');
    const account = accounts.data[0]!;
    const accountHeading = byAccount.indexOf(`Konto: ${account.label}`);
    expect(byAccount.slice(accountHeading + 1, accountHeading + 1 + account.items.length)).toEqual(
      account.items.map((i) => i.articleNumber),
    );
  });
});
