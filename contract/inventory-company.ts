/** What the offline counting client reads of a company: chart of accounts, zones and the article index. */
import { z } from 'zod';
import { isoDateTime } from './common';
import { INVENTORY_UNITS } from './inventory-constants';

// --- company data for counting -------------------------------------------------------------------------------------

/** GET /v1/company/{companyCode}/chart-of-account → the company's accounts by number (inactive ones included). */
export const chartAccount = z.object({ number: z.string(), name: z.string(), active: z.boolean() });
export type ChartAccount = z.infer<typeof chartAccount>;
export const chartOfAccountsResponse = z.object({ data: z.array(chartAccount) });
export type ChartOfAccountsResponse = z.infer<typeof chartOfAccountsResponse>;

/** GET /v1/company/{companyCode}/zones → the company's storage zones in their own order. */
export const companyZone = z.object({ id: z.string(), name: z.string(), sort: z.number().int() });
export type CompanyZone = z.infer<typeof companyZone>;
export const zonesResponse = z.object({ data: z.array(companyZone) });
export type ZonesResponse = z.infer<typeof zonesResponse>;

/**
 * One entry of the offline article index. `kind: 'product'` is a catalogue product of the company's assortment
 * (ordered before, on a company price, or in one of its inventory lists); `kind: 'own'` is a company product.
 */
export const indexedArticle = z.object({
  kind: z.enum(['product', 'own']),
  /** productId or companyProductId. */
  id: z.string(),
  articleNumber: z.string(),
  name: z.string(),
  /**
   * The product page's slug (products; null for own articles), so an article found offline can be opened. Optional:
   * an index stored on a device before it was sent has none.
   */
  slug: z.string().nullable().optional(),
  unit: z.enum(INVENTORY_UNITS),
  piecesPerCarton: z.number().int(),
  /** A scan of this GTIN counts one piece (own articles: their GTIN). */
  gtinPiece: z.string().nullable(),
  /** A scan of this GTIN counts one carton. */
  gtinCarton: z.string().nullable(),
  /** The company's price of one `unit` today, öre. */
  price: z.number().int(),
  /** Where the company keeps it (its last inventory placement, or the own article's zone), else null. */
  zone: z.string().nullable(),
  account: z.string().nullable(),
  /**
   * Its place in the zone's walking order at that last placement (null: not placed). Missing in an index stored on a
   * device before walking orders existed: read as null.
   */
  walkPosition: z.number().int().nullable().optional(),
});
export type IndexedArticle = z.infer<typeof indexedArticle>;

/**
 * GET /v1/company/{companyCode}/article-index → the index; `version` is also the ETag. Send `If-None-Match` with it
 * and an unchanged index answers 304 with no body. Articles are sorted by article number.
 */
export const articleIndexResponse = z.object({
  companyCode: z.string(),
  version: z.string(),
  generatedAt: isoDateTime,
  articles: z.array(indexedArticle),
});
export type ArticleIndexResponse = z.infer<typeof articleIndexResponse>;
