// The server tells a delivery date moved past its deadline once, in the answer that moved it. The device keeps that
// notice through later reads of the same cart (the user may not have looked yet) until the user's next change.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import { storeCart } from '../../src/offline/cart/answers';
import { serverCartKey } from '../../src/offline/cart/tables';
import { api, DEMO, freshDb, loginAs, startServer, type Server } from './harness';

let server: Server;
let fresh: Cart;
let userId: string;

beforeAll(async () => {
  server = await startServer();
  const session = await loginAs(server, DEMO.kund);
  userId = session.userId;
  fresh = (await api<Cart>(server, session.token, '/v1/company/10001/cart')).body;
});
afterAll(() => server.close());

const moved = {
  code: 'DeliveryDateMoved',
  severity: 'info',
  message:
    'Sista beställningstid för tisdag 24 november har passerat. Leveransdagen har ändrats till torsdag 26 november.',
} as Cart['messages'][number];
const withDate = (date: string, messages: Cart['messages'] = []): Cart => ({ ...fresh, deliveryDate: date, messages });

describe('a moved delivery date is told until the next change', () => {
  it('a later read of the same date keeps the notice; the answer of a change or another date does not', async () => {
    const db = freshDb();
    const stored = async () => (await db.serverCarts.get(serverCartKey(userId, '10001')))!.cart.messages;

    await storeCart(db, userId, withDate('2026-11-26', [moved]), 'read');
    await storeCart(db, userId, withDate('2026-11-26'), 'read');
    expect((await stored()).map((m) => m.message)).toEqual([moved.message]);

    await storeCart(db, userId, withDate('2026-11-26'), 'change');
    expect(await stored()).toEqual([]);

    await storeCart(db, userId, withDate('2026-11-26', [moved]), 'read');
    await storeCart(db, userId, withDate('2026-11-27'), 'read');
    expect(await stored()).toEqual([]);
  });
});
