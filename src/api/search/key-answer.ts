import type { SearchKeyResponse, SearchNode } from '../../../contract/search';
import { isRecord, readFields, type Field } from '../read-fields';

/**
 * The search key answer (GET /v1/typesense/key[/{companyId}]) read by hand, as contract/search's `searchKeyResponse`
 * parses it: the search page and the header's instant search need it before anything else, and without zod
 * (decision 0044). Held to the schema by tests/server/first-screen-answers.test.ts.
 */

const NODE_FIELDS: Record<keyof SearchNode, Field> = {
  host: ['string'],
  port: ['int'],
  protocol: [['http', 'https']],
  path: ['string'],
};

const KEY_FIELDS: Record<Exclude<keyof SearchKeyResponse, 'nodes' | 'collections'>, Field> = {
  key: ['string'],
  expiresAt: ['string', 'nullable'],
  companyId: ['string', 'nullable'],
  path: ['string'],
  engine: [['embedded', 'typesense']],
};

const COLLECTION_FIELDS: Record<keyof SearchKeyResponse['collections'], Field> = {
  products: ['string'],
  categories: ['string'],
  tenderItems: ['string'],
  campaigns: ['string'],
};

export function readSearchKey(value: unknown): SearchKeyResponse | undefined {
  const key = readFields<Omit<SearchKeyResponse, 'nodes' | 'collections'>>(value, KEY_FIELDS);
  if (!key || !isRecord(value)) return undefined;
  const collections = readFields<SearchKeyResponse['collections']>(value.collections, COLLECTION_FIELDS);
  if (!collections) return undefined;
  // null: search this server on the page's own origin.
  if (value.nodes === null) return { ...key, nodes: null, collections };
  if (!Array.isArray(value.nodes) || value.nodes.length === 0) return undefined;
  const nodes = value.nodes.map((node) => readFields<SearchNode>(node, NODE_FIELDS));
  if (!nodes.every((node) => node !== undefined)) return undefined;
  return { ...key, nodes, collections };
}

type PageLocation = Pick<Location, 'protocol' | 'hostname' | 'port'>;

/**
 * Where the client searches: the cluster's nodes, or (nodes null) this server on the origin the page was loaded
 * from — whatever address that is: localhost, a phone's LAN address, the public name.
 */
export function searchNodes(key: SearchKeyResponse, location: PageLocation = window.location): SearchNode[] {
  if (key.nodes) return key.nodes;
  const https = location.protocol === 'https:';
  const port = location.port ? Number(location.port) : https ? 443 : 80;
  return [{ host: location.hostname, port, protocol: https ? 'https' : 'http', path: key.path }];
}
