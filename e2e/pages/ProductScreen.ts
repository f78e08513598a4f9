import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';
import type { DemoUser } from '../support/users';

/** /produkt/:slug */
export class ProductScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly breadcrumbs: Locator;
  readonly price: Locator;
  readonly priceKind: Locator;
  readonly priceAmount: Locator;
  readonly facts: Locator;
  readonly nutrients: Locator;
  readonly addToList: Locator;
  readonly dialog: Locator;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.breadcrumbs = this.main.getByRole('navigation', { name: 'Brödsmulor' });
    this.price = this.main.getByTestId('price').first();
    this.priceKind = this.price.getByTestId('price-kind');
    this.priceAmount = this.price.getByTestId('price-amount');
    this.facts = this.main.getByTestId('product-facts');
    this.nutrients = this.main.getByRole('table', { name: /Näringsvärde/ });
    this.addToList = this.main.getByRole('button', { name: 'Lägg i inköpslista' });
    this.dialog = page.getByRole('dialog', { name: 'Lägg i inköpslista' });
  }

  async goto(slug: string) {
    await this.page.goto(`/produkt/${slug}`);
    await this.expectVisible();
  }

  async expectVisible(name?: string, state = '') {
    await expect(this.page).toHaveURL(/\/produkt\/[^/]+$/);
    await expect(this.heading).toBeVisible();
    if (name) {
      await expect(this.heading).toHaveText(name);
      await expect(this.page).toHaveTitle(`${name} | Skafferi`);
    }
    await this.axe.check(state);
  }

  fact(term: string): Locator {
    return this.facts
      .locator('div')
      .filter({ has: this.page.locator('dt', { hasText: term }) })
      .locator('dd');
  }

  listChoice(name: string): Locator {
    return this.dialog.getByRole('radio', { name: new RegExp(name) });
  }
}

export interface CatalogProduct {
  id: string;
  slug: string;
  name: string;
  price: number;
}

/** The catalogue through the API: the public search key, searches and a company's prices. */
export class CatalogApi {
  constructor(private readonly request: APIRequestContext) {}

  async search(q: string, params: Record<string, string> = {}): Promise<{ found: number; hits: CatalogProduct[] }> {
    const key = (await (await this.request.get('/v1/typesense/key')).json()) as { key: string };
    const query = new URLSearchParams({
      q,
      query_by: 'name,brand_name,categories,sku,gtins,latin_name',
      per_page: '50',
      ...params,
      'x-typesense-api-key': key.key,
    });
    const response = await this.request.get(`/v1/search/collections/products/documents/search?${query}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      found: number;
      hits: { document: { id: string; slug: string; name: string; smallest_unit: { public_price: number } } }[];
    };
    return {
      found: body.found,
      hits: body.hits.map(({ document: d }) => ({
        id: d.id,
        slug: d.slug,
        name: d.name,
        price: d.smallest_unit.public_price,
      })),
    };
  }

  /** A product with a company price (agreement, campaign or tender) lower than its list price. */
  async productWithCompanyPrice(
    user: DemoUser,
    company: string,
  ): Promise<CatalogProduct & { companyPrice: number; kind: string }> {
    const login = await this.request.post('/v1/auth/login', { data: { email: user.email, password: user.password } });
    const { token } = (await login.json()) as { token: string };
    // Four pages of the largest page the server allows (50, decision 0048).
    const hits: CatalogProduct[] = [];
    for (const page of ['1', '2', '3', '4'])
      hits.push(...(await this.search('*', { page, filter_by: 'discontinued:=false' })).hits);
    const response = await this.request.get(
      `/v1/products/prices?company=${company}&ids=${hits.map((h) => h.id).join(',')}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: { productId: string; price: number; kind: string }[] };
    const own = data.find((p) => p.kind !== 'list');
    expect(own, 'a product with a company price').toBeDefined();
    const product = hits.find((h) => h.id === own!.productId)!;
    return { ...product, companyPrice: own!.price, kind: own!.kind };
  }
}
