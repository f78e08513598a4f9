import type { SearchParams } from '../types';
import type { Bitset } from './bitset';
import { boolParam, intParam, list } from './params';
import type { CollectionStore, Match } from './store';
import { tokenize } from './text';
import type { Candidate } from './text-index';

/** Query words beyond this many are ignored. */
const MAX_QUERY_WORDS = 16;

/** The documents a text query matches within `filter`, the index terms each kept query word met, and how many words
 * were dropped to find any. */
export type TextMatch = { matches: Match[]; wordCandidates: Candidate[][]; dropped: number };

/**
 * Matches the query text as Typesense does: all words must match; typos only when too few matches without them; then
 * drop words from the right until something matches.
 */
export function matchText(
  store: CollectionStore,
  params: SearchParams,
  q: string,
  queryBy: string[],
  weights: number[],
  filter: Bitset,
): TextMatch {
  const typoParam = list(params.num_typos).map(Number).filter(Number.isFinite);
  const maxTypos = typoParam.length > 0 ? Math.min(2, Math.max(0, ...typoParam)) : 2;
  const threshold = intParam(params, 'typo_tokens_threshold', 1, 0, Number.MAX_SAFE_INTEGER);
  const prefix = boolParam(params.prefix, true);
  const fieldWeight = fieldWeights(store, queryBy, weights);
  const queryWords = tokenize(q).slice(0, MAX_QUERY_WORDS);
  let matches: Match[] = [];
  let wordCandidates: Candidate[][] = [];
  let dropped = 0;
  outer: for (let keep = queryWords.length; keep >= 1; keep--) {
    const active = queryWords.slice(0, keep);
    for (let typos = 0; typos <= maxTypos; typos++) {
      wordCandidates = active.map((word, i) =>
        store.text.candidates(word, { prefix: prefix && i === active.length - 1, typos }),
      );
      matches = textMatches(store, wordCandidates, fieldWeight, filter);
      dropped = queryWords.length - keep;
      if (matches.length >= Math.max(1, threshold) || (typos === maxTypos && matches.length > 0)) break outer;
    }
  }
  return { matches, wordCandidates, dropped };
}

/** Weight of the best queried field in each field mask (0: none of the queried fields). */
function fieldWeights(store: CollectionStore, queryBy: string[], weights: number[]): Float64Array {
  const perField = store.textFields.map((field) => {
    const i = queryBy.indexOf(field);
    if (i < 0) return 0;
    const weight = weights.length > 0 ? Math.max(weights[i] as number, 0.01) : (store.spec.text.weights[field] ?? 1);
    return Math.min(weight, 999);
  });
  const table = new Float64Array(1 << store.textFields.length);
  for (let mask = 1; mask < table.length; mask++) {
    let best = 0;
    perField.forEach((w, bit) => {
      if (mask & (1 << bit) && w > best) best = w;
    });
    table[mask] = best;
  }
  return table;
}

/** The documents in `filter` that every query word matches, with their summed scores. */
function textMatches(
  store: CollectionStore,
  wordCandidates: Candidate[][],
  fieldWeight: Float64Array,
  filter: Bitset,
): Match[] {
  const { scores, best, matched } = store;
  let first: number[] = [];
  let current: number[] = [];
  for (let round = 0; round < wordCandidates.length; round++) {
    current = store.text.scoreWord(wordCandidates[round] as Candidate[], fieldWeight, round, matched, scores, best);
    if (round === 0) first = current;
    if (current.length === 0) break;
  }
  const matches: Match[] = [];
  for (const slot of current) {
    if (matched[slot] === wordCandidates.length && filter.has(slot))
      matches.push({ slot, score: scores[slot] as number });
  }
  for (const slot of first) matched[slot] = 0;
  return matches;
}
