import type { SearchClient } from 'typesense';
import type { SearchKeyResponse } from '../../../contract/search';
import { api } from '../api';
import { currentUserKey } from '../queries/customer';
import { queryClient } from '../query-client';
import { session } from '../session/session';
import { readSearchKey, searchNodes } from './key-answer';
import type { CurrentUser } from '../../../contract/customer';
import { search, pathTo } from '../../../contract/routes';

/**
 * Whose search key to use: a company code (its tender items and campaigns are visible too) or null for the public
 * key. The key answer says where to search (a cluster's nodes, or this server's path on the page's own origin) and
 * what the collections are called.
 */
export type SearchScope = string | null;

export interface Searcher {
  scope: SearchScope;
  key: SearchKeyResponse;
  client: SearchClient;
}

/** A key is fetched again this long before it expires. */
const KEY_MARGIN_MS = 60_000;

let current: { scope: SearchScope; promise: Promise<Searcher> } | null = null;

async function load(scope: SearchScope): Promise<Searcher> {
  const url = scope ? pathTo(search.companyKey, { companyId: scope }) : pathTo(search.publicKey);
  const [key, typesense] = await Promise.all([
    api.request(url, { read: readSearchKey, auth: scope ? 'session' : 'none' }),
    // The client (over its fetch transport, decision 0046) loads only where search is used.
    import('typesense'),
  ]);
  const client = new typesense.SearchClient({
    nodes: searchNodes(key),
    apiKey: key.key,
    connectionTimeoutSeconds: 10,
    numRetries: 1,
    retryIntervalSeconds: 0.3,
    // TanStack Query caches the answers; the client's own cache would keep a stale answer after a change of key.
    cacheSearchResultsForSeconds: 0,
    logLevel: 'silent',
  });
  return { scope, key, client };
}

const expired = (key: SearchKeyResponse) =>
  key.expiresAt !== null && Date.parse(key.expiresAt) - Date.now() < KEY_MARGIN_MS;

/**
 * The search client for a scope. One key is held at a time: asking for another scope (the company changed) loads a
 * new key; so does a key about to expire. A failed load is forgotten, so the next search tries again.
 */
export async function searcher(scope: SearchScope): Promise<Searcher> {
  if (current?.scope !== scope) {
    const promise = load(scope);
    current = { scope, promise };
    promise.catch(() => {
      if (current?.promise === promise) current = null;
    });
  }
  const held = current;
  const loaded = await held.promise;
  if (!expired(loaded.key)) return loaded;
  if (current === held) current = null;
  return searcher(scope);
}

/** Forgets the key (logout, a key the server no longer accepts). */
export function resetSearcher(): void {
  current = null;
}

const isUnauthorized = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { httpStatus?: number }).httpStatus === 401;

/**
 * Runs a search with the scope's client. A key the server refuses (401: it restarted with another parent key, or the
 * key expired) is fetched again once and the search retried.
 */
export async function withSearcher<T>(scope: SearchScope, run: (searcher: Searcher) => Promise<T>): Promise<T> {
  const first = await searcher(scope);
  try {
    return await run(first);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    if (current?.promise && (await current.promise.catch(() => null)) === first) current = null;
    return run(await searcher(scope));
  }
}

/**
 * The scope outside React (carousels, listings): the chosen company of the logged-in user as the app has loaded it,
 * else public. Products look the same under both keys; only tender items and campaigns need the company.
 */
export function currentSearchScope(): SearchScope {
  if (!session.get()) return null;
  return queryClient.getQueryData<CurrentUser>(currentUserKey)?.defaultCompany ?? null;
}

session.subscribe((now) => {
  if (!now) resetSearcher();
});
