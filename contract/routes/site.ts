import { get } from './call';

/** Outside /v1: liveness for the platform, and the data sheets the catalogue links to. */
export const site = {
  health: get('/health'),
  dataSheet: get('/datablad/:file'),
};
