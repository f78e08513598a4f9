import SearchableMap from 'minisearch/SearchableMap';
import { fold, indexTerms, isNumeric } from './text';

const WORD = /[\p{L}\p{N}]+/gu;

/** At most this many text fields per collection (a posting keeps the fields it occurs in as a bit mask). */
export const MAX_TEXT_FIELDS = 8;
const FIELD_BITS = 8;
const FIELD_SPAN = 1 << FIELD_BITS;
const FIELD_MASK = FIELD_SPAN - 1;

/**
 * How well a document word meets a query word, best first. A document's text score is, summed over the query words,
 * `rank × 1000 + weight of the field it was found in`: the kind of match decides first, then the field, so scores
 * fall in buckets and ties go to the sort's next field (popularity by default), much as in Typesense.
 */
export const RANK = { exact: 5, stem: 4, prefix: 3, typo1: 2, typo2: 1 } as const;

/** Typesense's defaults: one typo from 4 characters, two from 7. */
const MIN_LEN_1TYPO = 4;
const MIN_LEN_2TYPO = 7;
/** Most prefix expansions of one query word, most frequent first: few for a word of one or two letters. */
const maxPrefixTerms = (length: number) => (length <= 1 ? 8 : length === 2 ? 40 : 200);
/** Codes (SKU, EAN) match by prefix from this many characters. */
const MIN_CODE_PREFIX = 3;
const MAX_CODE_PREFIX_MATCHES = 100;

/** A list of postings a query word matches, and how well. */
export type Candidate = { postings: number[]; rank: number; term: string };

/**
 * A compact inverted index. Words: a radix tree of terms (MiniSearch's SearchableMap, for prefix and typo lookups) and
 * per term a list of postings `slot × 256 + fieldMask`; terms are the folded words and their folded Swedish stems.
 * Codes (SKU, EAN: `codeFields`): whole values, matched exactly or by prefix, never with typos (an EAN one digit off
 * is another product).
 */
export class TextIndex {
  private readonly terms = new SearchableMap<number>();
  /** The same terms in a plain map: exact lookups are much faster there than in the tree. */
  private readonly exact = new Map<string, number>();
  private readonly termNames: string[] = [];
  private readonly postings: number[][] = [];
  private readonly codes = new Map<string, number[]>();
  private sortedCodes: string[] | null = null;
  private readonly codeBits: number;

  // Scratch for `termsOf`: the field mask of each term of the document at hand, valid where stamp === generation.
  private generation = 0;
  private stamp = new Int32Array(1024).fill(-1);
  private mask = new Int32Array(1024);

  constructor(
    readonly fields: string[],
    codeFields: string[] = [],
  ) {
    if (fields.length > MAX_TEXT_FIELDS) throw new Error(`At most ${MAX_TEXT_FIELDS} text fields`);
    this.codeBits = fields.reduce((bits, field, i) => (codeFields.includes(field) ? bits | (1 << i) : bits), 0);
  }

  private termId(term: string): number {
    let id = this.exact.get(term);
    if (id === undefined) {
      id = this.termNames.length;
      this.terms.set(term, id);
      this.exact.set(term, id);
      this.termNames.push(term);
      this.postings.push([]);
    }
    return id;
  }

  private growScratch(id: number): void {
    const size = Math.max(id + 1, this.stamp.length * 2);
    const stamp = new Int32Array(size).fill(-1);
    stamp.set(this.stamp);
    const mask = new Int32Array(size);
    mask.set(this.mask);
    this.stamp = stamp;
    this.mask = mask;
  }

  /** The word terms of a document's texts (`texts[i]` belongs to `fields[i]`), with their masks in `this.mask`. */
  private termsOf(texts: string[][], create: boolean): number[] {
    const ids: number[] = [];
    const generation = (this.generation = (this.generation + 1) & 0x3fffffff);
    for (let field = 0; field < texts.length; field++) {
      const bit = 1 << field;
      if (this.codeBits & bit) continue;
      for (const value of texts[field] as string[]) {
        const found = value.match(WORD);
        if (!found) continue;
        for (const word of found) {
          for (const term of indexTerms(word)) {
            const id = create ? this.termId(term) : this.exact.get(term);
            if (id === undefined) continue;
            if (id >= this.stamp.length) this.growScratch(id);
            if (this.stamp[id] !== generation) {
              this.stamp[id] = generation;
              this.mask[id] = bit;
              ids.push(id);
            } else {
              this.mask[id] = (this.mask[id] as number) | bit;
            }
          }
        }
      }
    }
    return ids;
  }

  private codesOf(texts: string[][]): Map<string, number> {
    const out = new Map<string, number>();
    for (let field = 0; field < texts.length; field++) {
      const bit = 1 << field;
      if (!(this.codeBits & bit)) continue;
      for (const value of texts[field] as string[]) {
        const code = fold(value.trim());
        if (code) out.set(code, (out.get(code) ?? 0) | bit);
      }
    }
    return out;
  }

  /** Indexes a document's texts (`texts[i]` belongs to `fields[i]`). */
  add(slot: number, texts: string[][]): void {
    for (const id of this.termsOf(texts, true)) {
      (this.postings[id] as number[]).push(slot * FIELD_SPAN + (this.mask[id] as number));
    }
    for (const [code, bits] of this.codesOf(texts)) {
      const list = this.codes.get(code);
      if (list) list.push(slot * FIELD_SPAN + bits);
      else {
        this.codes.set(code, [slot * FIELD_SPAN + bits]);
        this.sortedCodes = null;
      }
    }
  }

  /** Takes a document out again; `texts` must be what it was indexed with. */
  remove(slot: number, texts: string[][]): void {
    const drop = (list: number[]) => {
      let w = 0;
      for (let r = 0; r < list.length; r++) {
        const p = list[r] as number;
        if (Math.floor(p / FIELD_SPAN) !== slot) list[w++] = p;
      }
      list.length = w;
    };
    for (const id of this.termsOf(texts, false)) drop(this.postings[id] as number[]);
    for (const code of this.codesOf(texts).keys()) {
      const list = this.codes.get(code);
      if (!list) continue;
      drop(list);
      if (list.length === 0) {
        this.codes.delete(code);
        this.sortedCodes = null;
      }
    }
  }

  /** Postings lists a query word matches: words exactly, by stem, as a prefix and with typos; codes. */
  candidates(word: string, options: { prefix: boolean; typos: number }): Candidate[] {
    const [folded, stemmed] = indexTerms(word) as [string, string | undefined];
    const best = new Map<number, number>();
    const offer = (id: number | undefined, rank: number) => {
      if (id === undefined) return;
      if ((best.get(id) ?? 0) < rank) best.set(id, rank);
    };
    offer(this.exact.get(folded), RANK.exact);
    if (stemmed) offer(this.exact.get(stemmed), RANK.stem);
    if (options.prefix) {
      const expansions: number[] = [];
      for (const [, id] of this.terms.atPrefix(folded)) expansions.push(id);
      const max = maxPrefixTerms(folded.length);
      if (expansions.length > max) {
        expansions.sort((a, b) => (this.postings[b] as number[]).length - (this.postings[a] as number[]).length);
        expansions.length = max;
      }
      for (const id of expansions) offer(id, RANK.prefix);
    }
    const numeric = isNumeric(folded);
    const allowed = numeric
      ? 0
      : Math.min(options.typos, folded.length >= MIN_LEN_2TYPO ? 2 : folded.length >= MIN_LEN_1TYPO ? 1 : 0);
    if (allowed > 0) {
      for (const [, [id, distance]] of this.terms.fuzzyGet(folded, allowed)) {
        if (distance > 0) offer(id, distance === 1 ? RANK.typo1 : RANK.typo2);
      }
    }
    const out: Candidate[] = [...best].map(([id, rank]) => ({
      postings: this.postings[id] as number[],
      rank,
      term: this.termNames[id] as string,
    }));
    if (this.codeBits) out.push(...this.codeCandidates(folded, options.prefix));
    return out;
  }

  private codeCandidates(code: string, prefix: boolean): Candidate[] {
    const out: Candidate[] = [];
    const exact = this.codes.get(code);
    if (exact) out.push({ postings: exact, rank: RANK.exact, term: code });
    if (!prefix || code.length < MIN_CODE_PREFIX) return out;
    const sorted = (this.sortedCodes ??= [...this.codes.keys()].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] as string) < code) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && out.length < MAX_CODE_PREFIX_MATCHES; i++) {
      const candidate = sorted[i] as string;
      if (!candidate.startsWith(code)) break;
      if (candidate !== code)
        out.push({ postings: this.codes.get(candidate) as number[], rank: RANK.prefix, term: candidate });
    }
    return out;
  }

  /**
   * Adds each document's best score for one query word to `scores`, for the documents that matched every earlier
   * word (`matched[slot] === round`). `fieldWeight[mask]` is the weight of the best queried field in a mask (0 when
   * the word is in no queried field). Returns the slots that matched this word too; the others keep `round` in
   * `matched` and so drop out.
   */
  scoreWord(
    candidates: Candidate[],
    fieldWeight: Float64Array,
    round: number,
    matched: Uint8Array,
    scores: Float64Array,
    best: Float64Array,
  ): number[] {
    const touched: number[] = [];
    for (const { postings, rank } of candidates) {
      const base = rank * 1000;
      for (let i = 0; i < postings.length; i++) {
        const p = postings[i] as number;
        const weight = fieldWeight[p & FIELD_MASK] as number;
        if (weight === 0) continue;
        const slot = Math.floor(p / FIELD_SPAN);
        if (matched[slot] !== round) continue;
        const s = base + weight;
        const current = best[slot] as number;
        if (current === 0) touched.push(slot);
        if (s > current) best[slot] = s;
      }
    }
    for (const slot of touched) {
      scores[slot] = (round === 0 ? 0 : (scores[slot] as number)) + (best[slot] as number);
      best[slot] = 0;
      matched[slot] = round + 1;
    }
    return touched;
  }
}
