import { readdirSync, readFileSync } from 'node:fs';
import i18next from 'i18next';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_STATUSES } from '../../contract/customer-constants';
import { ORDER_STATUSES, ORDER_TYPES, type OrderDetail } from '../../contract/orders';
import common from '../../locales/sv/common.json' with { type: 'json' };
import { orderPdf } from '../../server/modules/orders/pdf';
import { COLOUR_MODES } from '../../src/lib/colour-mode';

/**
 * One word per thing (issue #16, decision 0064): each enumeration a user reads (order status and type, user status,
 * role, colour mode) has its words in one place, locales/sv/common.json, which screens, PDFs, Excel and mails all read.
 */
const ENUMERATIONS: Record<string, readonly string[]> = {
  orderStatus: ORDER_STATUSES,
  orderType: ORDER_TYPES,
  userStatus: CUSTOMER_STATUSES,
  colourMode: COLOUR_MODES,
  roles: ['Customer', 'CustomerAdministrator', 'SkafferiAdministrator'],
};

type Tree = { [key: string]: string | Tree };
const dir = 'locales/sv';
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const read = (file: string) => JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as Tree;

/** Every object in a message tree, with its dotted path. */
function* objects(tree: Tree, path = ''): Generator<[string, Tree]> {
  yield [path, tree];
  for (const [key, value] of Object.entries(tree))
    if (typeof value === 'object') yield* objects(value, path ? `${path}.${key}` : key);
}

describe('one word per thing', () => {
  it('names every value of each enumeration in common.json, with a word of its own', () => {
    const words = common as unknown as Tree;
    for (const [name, values] of Object.entries(ENUMERATIONS)) {
      const table = words[name] as Record<string, string>;
      expect(Object.keys(table).sort(), name).toEqual([...values].sort());
      expect(new Set(Object.values(table)).size, name).toBe(values.length);
    }
  });

  it('has no second table of an enumeration’s words in any other namespace (a second place drifts)', () => {
    const found: string[] = [];
    for (const file of files.filter((f) => f !== 'common.json'))
      for (const [path, object] of objects(read(file)))
        for (const [name, values] of Object.entries(ENUMERATIONS)) {
          const keys = Object.keys(object).filter((k) => typeof object[k] === 'string');
          if (values.filter((v) => keys.includes(v)).length >= 2) found.push(`${file}:${path || '(root)'} (${name})`);
        }
    expect(found).toEqual([]);
  });

  it('says the same status and order type in the order PDF as on the order screen', async () => {
    const screen = i18next.createInstance();
    await screen.init({
      lng: 'sv',
      resources: { sv: { common } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    const company = { name: 'Brasseriet Östermalm AB', code: '10001', orgNumber: null, phone: null, email: null };
    for (const status of ORDER_STATUSES)
      for (const orderType of ORDER_TYPES) {
        const order: OrderDetail = {
          orderNumber: '41071094',
          orderType,
          status,
          orderDate: '2026-11-20T09:30:00.000Z',
          deliveryDate: '2026-11-24',
          reference: null,
          theirReference: null,
          userName: null,
          rowCount: 0,
          total: 0,
          companyCode: '10001',
          companyName: company.name,
          address: { name: null, street: null, postalCode: null, city: null },
          placedBy: null,
          rows: [],
          totals: { subtotal: 0, vatLines: [], vat: 0, discount: 0, shipping: 0, otherCosts: 0, total: 0 },
        };
        const pdf = await orderPdf(order, company as Parameters<typeof orderPdf>[1]);
        const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
        // The screen reads the same keys (OrderDetailPage, OrdersPage): `common:orderStatus.<status>`.
        expect(text).toContain(`Status: ${screen.t(`common:orderStatus.${status}`)}`);
        expect(text).toContain(`Ordertyp: ${screen.t(`common:orderType.${orderType}`)}`);
      }
  });
});
