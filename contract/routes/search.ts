import { get, post } from './call';

export const search = {
  publicKey: get('/v1/typesense/key'),
  companyKey: get('/v1/typesense/key/:companyId'),
  health: get('/v1/search/health'),
  search: get('/v1/search/collections/:collection/documents/search'),
  multiSearch: post('/v1/search/multi_search'),
};
