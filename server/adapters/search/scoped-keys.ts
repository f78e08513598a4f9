import { createHmac, timingSafeEqual } from 'node:crypto';
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

/**
 * The parameters a search runs with under a scoped key, as Typesense merges them: the embedded parameters override
 * the request's, except `filter_by`, where both apply (`(embedded) && (requested)`).
 */
export function applyEmbedded<T extends Record<string, unknown>>(params: T, embedded: EmbeddedParams | null): T {
  if (!embedded) return params;
  const { expires_at: _expires, filter_by: embeddedFilter, ...rest } = embedded;
  const merged: Record<string, unknown> = { ...params, ...rest };
  const requested = typeof params.filter_by === 'string' && params.filter_by.trim() !== '' ? params.filter_by : '';
  if (typeof embeddedFilter === 'string' && embeddedFilter.trim() !== '') {
    merged.filter_by = requested ? `(${embeddedFilter}) && (${requested})` : embeddedFilter;
  }
  return merged as T;
}
