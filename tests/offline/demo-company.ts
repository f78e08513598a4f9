/**
 * The real server with the demo company's two users logged in and its catalogue articles, for tests that play phones
 * on one list (registers its own beforeAll/afterAll). `post` calls the company's API as a user (staff by default).
 */
import { afterAll, beforeAll } from 'vitest';
import type { IndexedArticle } from '../../contract/inventory';
import type { EngineSession } from '../../src/offline/engine/session';
import { DEMO, api, loginAs, startServer, type Server } from './harness';

export const COMPANY = '10001';

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

  /** POST to `/v1/company/{COMPANY}{path}`; no body sends none. */
  async function post<T>(path: string, body?: unknown, as: EngineSession = demo.staff) {
    const res = await fetch(`${demo.server.baseUrl}/v1/company/${COMPANY}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as T };
  }
  return { demo, post };
}
