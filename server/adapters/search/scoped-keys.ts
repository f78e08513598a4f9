import { createHmac, timingSafeEqual } from 'node:crypto';
import { bothOf, parseFilter, type FilterNode } from './embedded/filter';
import type { EmbeddedParams } from './types';

/** Length of the base64 HMAC-SHA256 digest at the start of a decoded scoped key. */
const DIGEST_LENGTH = 44;
const PREFIX_LENGTH = 4;

const digestOf = (parentKey: string, paramsJson: string) =>
  createHmac('sha256', parentKey).update(paramsJson).digest('base64');

/**
 * A scoped search key exactly as Typesense (and typesense-js' `generateScopedSearchKey`) makes it:
 * base64( base64(HMAC-SHA256(parentKey, paramsJson)) + first 4 characters of the parent key + paramsJson ).
 * The parent must be a key with only the `documents:search` action.
 */
export function generateScopedKey(parentKey: string, params: EmbeddedParams): string {
  const paramsJson = JSON.stringify(params);
  return Buffer.from(`${digestOf(parentKey, paramsJson)}${parentKey.slice(0, PREFIX_LENGTH)}${paramsJson}`).toString(
    'base64',
  );
}

/**
 * The embedded parameters of a scoped key made from one of `parentKeys`, or null when the key was not made from any
 * of them, was changed, is not a scoped key, or has expired (`expires_at`, seconds since the epoch).
 */
export function verifyScopedKey(
  key: string,
  parentKeys: string[],
  nowSeconds = Date.now() / 1000,
): EmbeddedParams | null {
  if (key.length < 8 || key.length > 8192 || !/^[A-Za-z0-9+/]+={0,2}$/.test(key)) return null;
  const raw = Buffer.from(key, 'base64').toString('utf8');
  if (raw.length <= DIGEST_LENGTH + PREFIX_LENGTH) return null;
  const digest = raw.slice(0, DIGEST_LENGTH);
  const prefix = raw.slice(DIGEST_LENGTH, DIGEST_LENGTH + PREFIX_LENGTH);
  const paramsJson = raw.slice(DIGEST_LENGTH + PREFIX_LENGTH);
  for (const parent of parentKeys) {
    if (parent.slice(0, PREFIX_LENGTH) !== prefix) continue;
    const expected = Buffer.from(digestOf(parent, paramsJson));
    const given = Buffer.from(digest);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) continue;
    let params: unknown;
    try {
      params = JSON.parse(paramsJson);
    } catch {
      return null;
    }
    if (!params || typeof params !== 'object' || Array.isArray(params)) return null;
    const embedded = params as EmbeddedParams;
    if (
      embedded.expires_at !== undefined &&
      !(typeof embedded.expires_at === 'number' && embedded.expires_at > nowSeconds)
    )
      return null;
    return embedded;
  }
  return null;
}

/** A search as it runs: its parameters, and its filter as a tree (undefined: no filter). */
export type ScopedSearch<T> = { params: T; filter: FilterNode | undefined };

/**
 * The search a request may run under a key's embedded parameters: they override the request's, except `filter_by`,
 * where both apply. The two filters are parsed and joined as one AND node, never as text, so that nothing in the
 * requested filter (a `)`, an `||`) can reach outside the key's scope; a filter that does not parse is refused (400).
 */
export function applyEmbedded<T extends Record<string, unknown>>(
  params: T,
  embedded: EmbeddedParams | null,
): ScopedSearch<Omit<T, 'filter_by'>> {
  const { filter_by: requestedText, ...rest } = params;
  const requested = nonEmpty(requestedText) ? parseFilter(requestedText) : undefined;
  if (!embedded) return { params: rest, filter: requested };
  const { expires_at: _expires, filter_by: embeddedText, ...embeddedRest } = embedded;
  const scope = nonEmpty(embeddedText) ? parseFilter(embeddedText) : undefined;
  const filter = scope && requested ? bothOf(scope, requested) : (scope ?? requested);
  return { params: { ...rest, ...embeddedRest } as Omit<T, 'filter_by'>, filter };
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * What a key may do: the parent search-only key searches everything (null: nothing embedded); a scoped key made
 * from it searches with its embedded parameters; anything else is refused (undefined).
 */
export function authorizeKey(
  key: string | undefined,
  parentKey: string,
  nowSeconds = Date.now() / 1000,
): EmbeddedParams | null | undefined {
  if (!key) return undefined;
  const x = Buffer.from(key);
  const y = Buffer.from(parentKey);
  if (x.length === y.length && timingSafeEqual(x, y)) return null;
  return verifyScopedKey(key, [parentKey], nowSeconds) ?? undefined;
}
