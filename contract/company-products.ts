/**
 * Company products ("mina artiklar", SPEC §2 /profil/inventering/mina-artiklar and §7): a company's own articles that
 * it does not buy from the wholesaler (home-made stock, another supplier's goods), counted in inventory lists next to
 * catalogue products. All calls are under `/v1/company/{companyCode}` and need a user who may act for the company
 * (403 otherwise); a product of another company answers 404 `CompanyProductNotFound`.
 *
 * Money is integer öre (docs/decisions/0003). Field errors come back as 400 `ValidationError` with Swedish texts.
 */
import { z } from 'zod';
import { isoDateTime, paged, pageQuery, plainText } from './common';

export const COMPANY_PRODUCT_UNITS = ['piece', 'carton'] as const;
export type CompanyProductUnit = (typeof COMPANY_PRODUCT_UNITS)[number];

export const COMPANY_PRODUCT_NAME_MAX = 120;
export const ARTICLE_NUMBER_MAX = 40;
/** Largest price of one unit, öre (1 000 000 kr). */
export const COMPANY_PRODUCT_MAX_PRICE = 100_000_000;
export const COMPANY_PRODUCTS_MAX_PAGE_SIZE = 200;

const required = { message: 'validation.required' };

/** True when a GTIN/EAN (8, 12, 13 or 14 digits) has a correct check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = code.split('').map(Number);
  const check = digits.pop() as number;
  let sum = 0;
  for (let i = digits.length - 1, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) sum += (digits[i] as number) * w;
  return (10 - (sum % 10)) % 10 === check;
}

/** An optional text that may be cleared: missing → unchanged/default, null or '' → none. */
const optionalText = (max: number) =>
  plainText
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const gtin = plainText
  .trim()
  .refine((v) => v === '' || isValidGtin(v), { message: 'validation.invalid' })
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

/** GET /v1/company/{companyCode}/products: `q` matches name, article number or GTIN; paged, by name (Swedish order). */
export const companyProductsQuery = z.object({
  q: plainText.trim().max(100).optional(),
  ...pageQuery(50, COMPANY_PRODUCTS_MAX_PAGE_SIZE),
});
export type CompanyProductsQuery = z.input<typeof companyProductsQuery>;

/** Path of one product; a malformed id answers 404 like an unknown one. */
export const companyProductParams = z.object({ companyCode: plainText.min(1).max(32), id: plainText.max(100) });

/** One own article. */
export const companyProduct = z.object({
  id: z.string(),
  companyCode: z.string(),
  name: z.string(),
  /** Unique within the company, and never the SKU of a catalogue product (409 `ArticleNumberTaken`). */
  articleNumber: z.string(),
  /** The unit it is counted in by default. */
  unit: z.enum(COMPANY_PRODUCT_UNITS),
  /** Pieces in one carton (1 when it is not sold in cartons). */
  piecesPerCarton: z.number().int(),
  /** Price of one `unit`, öre, excluding VAT: the default price when the article is added to an inventory list. */
  price: z.number().int(),
  /** Account number from the company's chart of accounts, or null. */
  account: z.string().nullable(),
  /** Zone name from the company's zones, or null. */
  zone: z.string().nullable(),
  /** Scannable GTIN/EAN of the article, or null. */
  gtin: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CompanyProduct = z.infer<typeof companyProduct>;

/** Paged like the company list: data, totalRecords, currentPage, totalPages. */
export const pagedCompanyProducts = paged(companyProduct);
export type PagedCompanyProducts = z.infer<typeof pagedCompanyProducts>;

const productFields = {
  name: plainText.trim().min(1, required).max(COMPANY_PRODUCT_NAME_MAX),
  articleNumber: plainText
    .trim()
    .min(1, required)
    .max(ARTICLE_NUMBER_MAX)
    .regex(/^[\p{L}\p{N}._/-]+$/u, { message: 'validation.invalid' }),
  unit: z.enum(COMPANY_PRODUCT_UNITS).default('piece'),
  piecesPerCarton: z.number().int().min(1).max(10_000).default(1),
  price: z.number().int().min(0).max(COMPANY_PRODUCT_MAX_PRICE).default(0),
  /** Must be an active account of the company's chart of accounts (400 with the field otherwise). */
  account: optionalText(20),
  /** Must be one of the company's zones (400 with the field otherwise). */
  zone: optionalText(60),
  /** 8, 12, 13 or 14 digits with a correct check digit. */
  gtin,
};

/**
 * POST /v1/company/{companyCode}/product → 201 CompanyProduct. `id` is the client's uuid: sending the same id again
 * with the same article number answers with the product as it is (a resend); any other use of it is 409
 * `ClientIdTaken`. A taken article number is 409 `ArticleNumberTaken` (also as a field message on `articleNumber`).
 */
export const createCompanyProductBody = z.object({ id: z.uuid().optional(), ...productFields });
export type CreateCompanyProductBody = z.infer<typeof createCompanyProductBody>;
export type CreateCompanyProductInput = z.input<typeof createCompanyProductBody>;

/**
 * PUT /v1/company/{companyCode}/product/{id} → 200 CompanyProduct: the whole product (missing optional fields take
 * their defaults, account/zone/gtin missing → none). Inventory list items already made from it keep their own copy.
 */
export const updateCompanyProductBody = z.object(productFields);
export type UpdateCompanyProductBody = z.infer<typeof updateCompanyProductBody>;
export type UpdateCompanyProductInput = z.input<typeof updateCompanyProductBody>;

/* DELETE /v1/company/{companyCode}/product/{id} → 204. Inventory list items made from it stay (with their copy of
   the name, article number and price; `companyProductId` becomes null). */
