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
  if (!key || !isRecord(value) || !Array.isArray(value.nodes) || value.nodes.length === 0) return undefined;
  const nodes = value.nodes.map((node) => readFields<SearchNode>(node, NODE_FIELDS));
  const collections = readFields<SearchKeyResponse['collections']>(value.collections, COLLECTION_FIELDS);
  if (!collections || !nodes.every((node) => node !== undefined)) return undefined;
  return { ...key, nodes, collections };
}
