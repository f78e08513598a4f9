/**
 * The real server with the demo company's two users logged in and its catalogue articles, for tests that play phones
 * on one list (registers its own beforeAll/afterAll). `send` (and `post`) call the company's API as a user (staff by default).
 */
import { afterAll, beforeAll } from 'vitest';
import type { IndexedArticle, InventoryListDetail } from '../../contract/inventory';
import type { EngineSession } from '../../src/offline/engine/session';
import { DEMO, api, loginAs, startServer, type Server } from './harness';

export const COMPANY = '10001';

/** An inventory list's path under the company. */
export const listPath = (listId: string) => `/inventory-list/${listId}`;

/** A count's body as a phone sends it: `amount` pieces more, counted now on `deviceId`, under a new id. */
export const countBody = (deviceId: string, amount = 1) => ({
  kind: 'delta',
  amount,
  id: crypto.randomUUID(),
  unit: 'piece',
  countedAt: new Date().toISOString(),
  deviceId,
});

export function demoCompany() {
  const demo = {} as { server: Server; staff: EngineSession; kund: EngineSession; products: IndexedArticle[] };
  beforeAll(async () => {
    demo.server = await startServer();
    demo.staff = await loginAs(demo.server, DEMO.personal);
    demo.kund = await loginAs(demo.server, DEMO.kund);
    const path = `/v1/company/${COMPANY}/article-index`;
    const index = await api<{ articles: IndexedArticle[] }>(demo.server, demo.staff.token, path);
    demo.products = index.body.articles.filter((a) => a.kind === 'product');
  });
  afterAll(() => demo.server.close());

  /** A call to `/v1/company/{COMPANY}{path}` as a user (staff by default); no body sends none, an empty answer is null. */
  async function send<T>(method: string, path: string, body?: unknown, as: EngineSession = demo.staff) {
    const res = await fetch(`${demo.server.baseUrl}/v1/company/${COMPANY}${path}`, {
      method,
      headers: { authorization: `Bearer ${as.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** POST to `/v1/company/{COMPANY}{path}`. */
  const post = <T>(path: string, body?: unknown, as?: EngineSession) => send<T>('POST', path, body, as);

  /** An inventory list as a user reads it: whole, or (`since`) the items changed after that version. */
  async function readList(listId: string, since?: number, as: EngineSession = demo.staff) {
    const query = since === undefined ? '' : `?changedSince=${since}`;
    const res = await send<InventoryListDetail>('GET', `${listPath(listId)}${query}`, undefined, as);
    return res.body;
  }
  return { demo, post, send, readList };
}
