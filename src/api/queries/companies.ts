import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { COMPANY_PAGE_SIZE } from '../../../contract/customer-constants';
import { api } from '../api';
import { readCompanyDetail } from '../customer-answers';
import { companies, pathTo } from '../../../contract/routes';

// Asked for by Mina sidor's loaders, which are in the app shell: the contract loads with the answer (decision 0044).
const customerContract = () => import('../../../contract/customer');
const pagedCompanies = () => customerContract().then((m) => m.pagedCompanies);

/** GET /v1/company/:companyCode — one company with address and next delivery date (read by hand: decision 0077). */
export const companyDetailQuery = (companyCode: string) =>
  queryOptions({
    queryKey: ['company', companyCode, 'detail'] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(companies.detail, { companyCode }), { read: readCompanyDetail, signal }),
    staleTime: 5 * 60_000,
  });

export interface CompanySearch {
  searchString: string;
  withInactive: boolean;
  /** Bumped by Enter or the search button, so that searching again starts over at page 1. */
  attempt: number;
}

/** GET /v1/companies — every company (staff only), 5 per page; pages are appended by 'Visa fler'. */
export const allCompaniesQuery = ({ searchString, withInactive, attempt }: CompanySearch) =>
  infiniteQueryOptions({
    queryKey: ['companies', { searchString, withInactive, attempt }] as const,
    queryFn: ({ pageParam, signal }) =>
      api.request(pathTo(companies.list), {
        schema: pagedCompanies,
        query: { page: pageParam, pageSize: COMPANY_PAGE_SIZE, searchString: searchString.trim(), withInactive },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    gcTime: 60_000,
  });
