import { z } from 'zod';
import { plainText } from './common';

export * from './search-constants';

/**
 * Search: the browser always talks Typesense's API with the `typesense` client, to this server's embedded subset or
 * to a real cluster. Both key answers say where to reach it and what the collections are called.
 */

/** A Typesense node as the `typesense` client takes it. */
export const searchNode = z.object({
  host: z.string(),
  port: z.number().int(),
  protocol: z.enum(['http', 'https']),
  path: z.string(),
});
export type SearchNode = z.infer<typeof searchNode>;

/** GET /v1/typesense/key and GET /v1/typesense/key/{companyId}. */
export const searchKeyResponse = z.object({
  /** A Typesense search key: pass it as the client's `apiKey`. */
  key: z.string(),
  /** When the key stops working (ISO), or null when it does not expire; reload it before then. */
  expiresAt: z.string().nullable(),
  /** The company the key is scoped to (null: the public key, which sees only public documents). */
  companyId: z.string().nullable(),
  /**
   * Where a Typesense cluster is reached directly, or null: search this server on the origin the page was loaded
   * from, under `path` (so a phone at http://192.168.1.20:8080 searches there, not at a configured host).
   */
  nodes: z.array(searchNode).min(1).nullable(),
  /** The search API's path on this server's origin (with `nodes` null). */
  path: z.string(),
  collections: z.object({
    products: z.string(),
    categories: z.string(),
    tenderItems: z.string(),
    campaigns: z.string(),
  }),
  /** 'embedded' (this server) or 'typesense' (a cluster). */
  engine: z.enum(['embedded', 'typesense']),
});
export type SearchKeyResponse = z.infer<typeof searchKeyResponse>;

export const companyKeyParams = z.object({
  /** The company's id (uuid) or its code. */
  companyId: plainText.trim().min(1).max(64),
});

// ── The Typesense-compatible HTTP subset (GET …/collections/:c/documents/search, POST …/multi_search) ─────────────

/** Search parameters arrive as a query string: every value a string (Typesense's own names). */
export const searchQuery = z.record(plainText, z.union([plainText, z.array(plainText)]));
export const collectionParams = z.object({ collection: plainText.min(1).max(200) });

/** POST multi_search: `{ searches: [{ collection, q, … }] }` (JSON, or JSON sent as text/plain by the browser client). */
export const multiSearchBody = z.object({
  searches: z.array(z.record(z.string(), z.unknown())).max(50, { message: 'validation.tooBig' }),
});

const searchHit = z.looseObject({
  document: z.record(z.string(), z.unknown()),
  highlight: z.record(z.string(), z.unknown()),
  highlights: z.array(z.record(z.string(), z.unknown())),
  text_match: z.number(),
});

/** Typesense's search answer (the subset's fields; documents pass through as they are). */
export const searchResponse = z.looseObject({
  facet_counts: z.array(
    z.looseObject({
      field_name: z.string(),
      counts: z.array(z.object({ count: z.number(), highlighted: z.string(), value: z.string() })),
    }),
  ),
  found: z.number(),
  hits: z.array(searchHit),
  out_of: z.number(),
  page: z.number(),
  request_params: z.record(z.string(), z.unknown()),
  search_time_ms: z.number(),
});

export const multiSearchResponse = z.object({
  results: z.array(z.union([searchResponse, z.object({ code: z.number(), error: z.string() })])),
});

/** Errors of the subset: Typesense's `message` (the client shows it), with our error code. */
export const searchError = z.object({ code: z.string(), message: z.string() });
