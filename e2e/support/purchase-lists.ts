import { expect, type APIRequestContext } from '@playwright/test';
import type { DemoUser } from './users';

export interface ServerItem {
  id: string;
  productId: string;
  sku: string;
  name: string;
  brandName: string;
  quantity: number;
  gtinPiece: string | null;
  gtinCarton: string | null;
  wholeUnitsOnly: boolean;
}

export interface ServerList {
  id: string;
  companyCode: string;
  name: string;
  itemCount: number;
  createdBy: string | null;
}

export type ServerDetail = ServerList & { items: ServerItem[] };

/** Reads purchase lists through the API as a user, to check what the server stored. */
export class PurchaseListsApi {
  private readonly tokens = new Map<string, { token: string; validTo: number }>();

  constructor(private readonly request: APIRequestContext) {}

  private async token(user: DemoUser): Promise<string> {
    const known = this.tokens.get(user.email);
    if (known && known.validTo - Date.now() > 5000) return known.token; // server B's tokens live 15 s
    const response = await this.request.post('/v1/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(response.status(), `login ${user.email}`).toBe(200);
    const { token, validTo } = (await response.json()) as { token: string; validTo: string };
    this.tokens.set(user.email, { token, validTo: Date.parse(validTo) });
    return token;
  }

  private async get(user: DemoUser, path: string): Promise<{ status: number; body: unknown }> {
    const response = await this.request.get(path, { headers: { Authorization: `Bearer ${await this.token(user)}` } });
    return { status: response.status(), body: response.status() === 200 ? await response.json() : null };
  }

  /** The company's lists as the server has them now. */
  async lists(user: DemoUser, company: string): Promise<ServerList[]> {
    const { status, body } = await this.get(user, `/v1/purchase-lists?company=${company}`);
    expect(status, `lists of ${company}`).toBe(200);
    return (body as { data: ServerList[] }).data;
  }

  /** Lists with this exact name (there should be exactly one after a create, however often it was sent). */
  async listsNamed(user: DemoUser, company: string, name: string): Promise<ServerList[]> {
    return (await this.lists(user, company)).filter((l) => l.name === name);
  }

  /** One list with its lines; null when the server has no such list. */
  async list(user: DemoUser, id: string): Promise<ServerDetail | null> {
    const { status, body } = await this.get(user, `/v1/purchase-lists/${id}`);
    if (status === 404) return null;
    expect(status, `list ${id}`).toBe(200);
    return body as ServerDetail;
  }

  /** Deletes a list as another device of the company would. */
  async deleteList(user: DemoUser, id: string): Promise<void> {
    const response = await this.request.delete(`/v1/purchase-lists/${id}`, {
      headers: { Authorization: `Bearer ${await this.token(user)}` },
    });
    expect(response.status(), `DELETE list ${id}`).toBe(204);
  }

  /** A product the company's lists do not have, from another company's lists: unknown to a device offline. */
  async productNotOn(user: DemoUser, company: string, other: DemoUser, otherCompany: string): Promise<ServerItem> {
    const known = new Set((await this.itemsOf(user, company)).map((i) => i.productId));
    const product = (await this.itemsOf(other, otherCompany)).find((i) => !known.has(i.productId));
    expect(product, `a product on ${otherCompany}'s lists that ${company}'s lists lack`).toBeDefined();
    return product!;
  }

  /** Every line on the company's lists (the products a device that synced the company has seen). */
  async itemsOf(user: DemoUser, company: string): Promise<ServerItem[]> {
    const lists = await this.lists(user, company);
    const details = await Promise.all(lists.map((l) => this.list(user, l.id)));
    return details.flatMap((d) => d?.items ?? []);
  }

  /** Products for a test: distinct products with a piece EAN, names and brands, from the company's seeded lists. */
  async products(user: DemoUser, company: string, count: number): Promise<ServerItem[]> {
    const seen = new Map<string, ServerItem>();
    for (const item of await this.itemsOf(user, company)) {
      if (item.gtinPiece && !seen.has(item.productId)) seen.set(item.productId, item);
    }
    const distinct = [...seen.values()].filter(
      (item, i, all) => all.findIndex((o) => o.name === item.name || o.brandName === item.brandName) === i,
    );
    expect(distinct.length, 'enough distinct products on the seeded lists').toBeGreaterThanOrEqual(count);
    return distinct.slice(0, count);
  }
}
