import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chartAccounts, companies, companyProducts, companyZones, products } from '../../db/schema';
import type {
  CompanyProduct,
  CreateCompanyProductBody,
  PagedCompanyProducts,
  UpdateCompanyProductBody,
} from '../../../contract/company-products';
import { AppError, conflict, notFound } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import { UUID } from '../../lib/ids';
import { likeContaining } from '../../lib/text';

export type CompanyProductService = ReturnType<typeof createCompanyProductService>;

const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });

type Row = typeof companyProducts.$inferSelect;

function toProduct(row: Row, companyCode: string): CompanyProduct {
  return {
    id: row.id,
    companyCode,
    name: row.name,
    articleNumber: row.articleNumber,
    unit: row.unit,
    piecesPerCarton: row.piecesPerCarton,
    price: row.price,
    account: row.account,
    zone: row.zone,
    gtin: row.gtin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Company products ("mina artiklar") of the company the route's access hook established (decision 0052): every call
 * receives that company, never a code to check again, and finds products only inside it, so a product of another
 * company answers 404 CompanyProductNotFound.
 */
export function createCompanyProductService(db: DbOrTx) {
  const productNotFound = () => notFound('CompanyProductNotFound');
  const numberTaken = () =>
    new AppError(409, 'ArticleNumberTaken', undefined, [
      { path: 'articleNumber', message: errorText('ArticleNumberTaken') },
    ]);

  async function rowOf(companyId: string, id: string, lock = false): Promise<Row> {
    if (!UUID.test(id)) throw productNotFound();
    const query = db
      .select()
      .from(companyProducts)
      .where(and(eq(companyProducts.id, id), eq(companyProducts.companyId, companyId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw productNotFound();
    return row;
  }

  /** Account and zone must be the company's; the article number free within the company and not a catalogue SKU. */
  async function check(companyId: string, body: UpdateCompanyProductBody, self: string | null) {
    if (body.account) {
      const [a] = await db
        .select({ n: chartAccounts.number })
        .from(chartAccounts)
        .where(
          and(
            eq(chartAccounts.companyId, companyId),
            eq(chartAccounts.number, body.account),
            eq(chartAccounts.active, true),
          ),
        );
      if (!a)
        throw new AppError(400, 'UnknownAccount', undefined, [
          { path: 'account', message: errorText('UnknownAccount') },
        ]);
    }
    if (body.zone) {
      const [z] = await db
        .select({ n: companyZones.name })
        .from(companyZones)
        .where(and(eq(companyZones.companyId, companyId), eq(companyZones.name, body.zone)));
      if (!z) throw new AppError(400, 'UnknownZone', undefined, [{ path: 'zone', message: errorText('UnknownZone') }]);
    }
    const [own] = await db
      .select({ id: companyProducts.id })
      .from(companyProducts)
      .where(and(eq(companyProducts.companyId, companyId), eq(companyProducts.articleNumber, body.articleNumber)));
    if (own && own.id !== self) throw numberTaken();
    const [sku] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, body.articleNumber))
      .limit(1);
    if (sku) throw numberTaken();
  }

  function values(body: UpdateCompanyProductBody) {
    return {
      name: body.name,
      articleNumber: body.articleNumber,
      unit: body.unit,
      piecesPerCarton: body.piecesPerCarton,
      price: body.price,
      account: body.account ?? null,
      zone: body.zone ?? null,
      gtin: body.gtin ?? null,
    };
  }

  return {
    async list(
      company: CompanyRow,
      query: { q?: string | undefined; page: number; pageSize: number },
    ): Promise<PagedCompanyProducts> {
      const filters: SQL[] = [eq(companyProducts.companyId, company.id)];
      if (query.q) {
        const like = likeContaining(query.q);
        filters.push(
          or(
            ilike(companyProducts.name, like),
            ilike(companyProducts.articleNumber, like),
            ilike(companyProducts.gtin, like),
          )!,
        );
      }
      const where = and(...filters)!;
      const [totals] = await db.select({ n: count() }).from(companyProducts).where(where);
      const totalRecords = totals?.n ?? 0;
      // Swedish order in the server (see docs/decisions/0008): a company has tens or hundreds of own articles.
      const rows = (await db.select().from(companyProducts).where(where)).sort(
        (a, b) => collator.compare(a.name, b.name) || collator.compare(a.articleNumber, b.articleNumber),
      );
      const start = (query.page - 1) * query.pageSize;
      return {
        data: rows.slice(start, start + query.pageSize).map((r) => toProduct(r, company.code)),
        totalRecords,
        currentPage: query.page,
        totalPages: Math.max(1, Math.ceil(totalRecords / query.pageSize)),
      };
    },

    async get(company: CompanyRow, id: string): Promise<CompanyProduct> {
      return toProduct(await rowOf(company.id, id), company.code);
    },

    /**
     * A client id that exists for the same company and article number is a resend; otherwise 409 ClientIdTaken. Ids are
     * unique across companies: another company's product with the id is a conflict, and nothing of it is read.
     */
    async create(company: CompanyRow, body: CreateCompanyProductBody, now = new Date()) {
      // One company's own-article changes go one by one, so two devices cannot take one article number at once, and a
      // resend sent beside its first send finds it (looked for before the lock, both found nothing; one then took its
      // own article number).
      await db.execute(sql`select 1 from ${companies} where ${companies.id} = ${company.id} for update`);
      if (body.id) {
        // One look at the id in every company: asked in two (this company's, then any), a create committed between
        // them was taken for another company's.
        const [existing] = await db.select().from(companyProducts).where(eq(companyProducts.id, body.id));
        if (existing) {
          const resend = existing.companyId === company.id && existing.articleNumber === body.articleNumber;
          if (!resend) throw conflict('ClientIdTaken');
          return toProduct(existing, company.code);
        }
      }
      await check(company.id, body, null);
      const [row] = await db
        .insert(companyProducts)
        .values({
          ...(body.id ? { id: body.id } : {}),
          companyId: company.id,
          ...values(body),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toProduct(row as Row, company.code);
    },

    async update(company: CompanyRow, id: string, body: UpdateCompanyProductBody, now = new Date()) {
      await db.execute(sql`select 1 from ${companies} where ${companies.id} = ${company.id} for update`);
      await rowOf(company.id, id, true);
      await check(company.id, body, id);
      const [row] = await db
        .update(companyProducts)
        .set({ ...values(body), updatedAt: now })
        .where(and(eq(companyProducts.id, id), eq(companyProducts.companyId, company.id)))
        .returning();
      return toProduct(row as Row, company.code);
    },

    async remove(company: CompanyRow, id: string): Promise<void> {
      await rowOf(company.id, id, true);
      await db
        .delete(companyProducts)
        .where(and(eq(companyProducts.id, id), eq(companyProducts.companyId, company.id)));
    },
  };
}
