import {
  collectionParams,
  companyKeyParams,
  multiSearchBody,
  multiSearchResponse,
  searchError,
  searchKeyResponse,
  searchQuery,
  searchResponse,
} from '../../search';
import { search as calls } from '../search';
import { apiError } from '../../common';
import { describe } from './describe';

const keyErrors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const errors = {
  400: searchError,
  401: searchError,
  404: searchError,
  422: searchError,
  429: searchError,
  503: searchError,
};

export const search = describe(calls, {
  publicKey: {
    tags: ['search'],
    summary: 'The public search key (public documents only) and where to search',
    response: { 200: searchKeyResponse, ...keyErrors },
  },
  companyKey: {
    tags: ['search'],
    summary: 'A search key scoped to one company (its tender items and campaigns), for a user linked to it',
    security: [{ bearer: [] }],
    params: companyKeyParams,
    response: { 200: searchKeyResponse, ...keyErrors },
  },
  health: { tags: ['search'], summary: 'Typesense health (embedded engine)', hide: true },
  search: {
    tags: ['search'],
    summary: "Typesense's search call (the subset the app uses), answered by the embedded engine or the cluster",
    params: collectionParams,
    querystring: searchQuery,
    response: { 200: searchResponse, ...errors },
  },
  multiSearch: {
    tags: ['search'],
    summary: "Typesense's multi_search (several searches in one request), answered by the embedded engine",
    querystring: searchQuery,
    body: multiSearchBody,
    response: { 200: multiSearchResponse, ...errors },
  },
});
