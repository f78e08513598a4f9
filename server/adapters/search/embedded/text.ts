import snowball from 'snowball-stemmers';

const swedish = snowball.newStemmer('swedish');

/** Splits text into words: runs of letters and digits (anything else separates). */
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cases and removes diacritics: é → e, å/ä → a, ö → o, ü → u, æ → ae, ø → o, ß → ss. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe');
}

const stemCache = new Map<string, string>();

/** The Swedish Snowball stem of a lower-cased word (before folding: the stemmer knows å, ä and ö). */
export function stem(lowerWord: string): string {
  let stemmed = stemCache.get(lowerWord);
  if (stemmed === undefined) {
    stemmed = /^\p{N}+$/u.test(lowerWord) ? lowerWord : swedish.stem(lowerWord);
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(lowerWord, stemmed);
  }
  return stemmed;
}

/** The words of a text with their positions, for highlighting. */
export function words(text: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(WORD)) out.push({ word: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/** Splits a text into the raw words MiniSearch indexes (each then becomes its index terms in `indexTerms`). */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

const termCache = new Map<string, string[]>();

/**
 * The index terms of one word: its folded form and its folded Swedish stem ("Tomater" → tomater, tomat;
 * "Laxfilé" → laxfile). A query word matches a document word when any of their terms meet. Memoised: catalogue
 * words repeat a lot.
 */
export function indexTerms(word: string): string[] {
  let terms = termCache.get(word);
  if (terms === undefined) {
    const lower = word.toLowerCase();
    const folded = fold(lower);
    const stemmed = fold(stem(lower));
    terms = stemmed && stemmed !== folded ? [folded, stemmed] : [folded];
    if (termCache.size > 500_000) termCache.clear();
    termCache.set(word, terms);
  }
  return terms;
}

export const isNumeric = (term: string) => /^\p{N}+$/u.test(term);

/**
 * A string that sorts names in Swedish order with a plain comparison: case and accents folded, but å, ä and ö
 * (and æ, ø) after z, in that order, as Swedish collation has it.
 */
export function swedishSortKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/å/g, '\u{10FFF0}')
    .replace(/[äæ]/g, '\u{10FFF1}')
    .replace(/[öø]/g, '\u{10FFF2}')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ü/g, 'y');
}
