import { queryOptions } from '@tanstack/react-query';
import {
  companyProduct,
  pagedCompanyProducts,
  type CompanyProductsQuery,
  type CreateCompanyProductInput,
  type UpdateCompanyProductInput,
} from '../../../contract/company-products';
import { api } from '../api';
import { companyProducts, pathTo } from '../../../contract/routes';

/** Every query of "mina artiklar" starts with this key, so a change can refresh them all. */
export const companyProductsKey = ['company-products'] as const;

/** GET /v1/company/:code/products — the company's own articles, by name, paged, searchable. */
export const companyProductsQuery = (
  companyCode: string,
  query: Pick<CompanyProductsQuery, 'q'> & { page?: number; pageSize?: number } = {},
) =>
  queryOptions({
    queryKey: [...companyProductsKey, companyCode, query] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(companyProducts.list, { companyCode }), {
        query: { q: query.q, page: query.page, pageSize: query.pageSize },
        schema: pagedCompanyProducts,
        signal,
      }),
  });

/** GET /v1/company/:code/product/:id */
export const companyProductQuery = (companyCode: string, id: string) =>
  queryOptions({
    queryKey: [...companyProductsKey, companyCode, 'one', id] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(companyProducts.detail, { companyCode, id }), { schema: companyProduct, signal }),
  });

/** POST /v1/company/:code/product → 201 the product (the client's uuid as id makes a resend harmless). */
export const createCompanyProduct = (companyCode: string, body: CreateCompanyProductInput) =>
  api.request(pathTo(companyProducts.create, { companyCode }), { method: 'POST', body, schema: companyProduct });

/** PUT /v1/company/:code/product/:id → the product. */
export const updateCompanyProduct = (companyCode: string, id: string, body: UpdateCompanyProductInput) =>
  api.request(pathTo(companyProducts.detail, { companyCode, id }), {
    method: 'PUT',
    body,
    schema: companyProduct,
  });

/** DELETE /v1/company/:code/product/:id → 204. */
export const deleteCompanyProduct = (companyCode: string, id: string) =>
  api.request(pathTo(companyProducts.detail, { companyCode, id }), { method: 'DELETE' });
