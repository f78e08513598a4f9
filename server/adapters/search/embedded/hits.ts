import type { Highlight, SearchDocument, SearchHit, SearchParams } from '../types';
import { valueAt } from './fields';
import { list, str } from './params';
import type { Match } from './store';
import { indexTerms, words } from './text';
import type { Candidate } from './text-index';

/** One hit as Typesense answers it: the document (projected), its highlights and its text match figures. */
export function buildHit(
  doc: SearchDocument,
  match: Match,
  params: SearchParams,
  queryBy: string[],
  wordCandidates: Candidate[][],
  dropped: number,
): SearchHit {
  const startTag = str(params.highlight_start_tag) ?? '<mark>';
  const endTag = str(params.highlight_end_tag) ?? '</mark>';
  const highlights: Highlight[] = [];
  const highlight: Record<string, unknown> = {};
  let fieldsMatched = 0;
  const isText = wordCandidates.length > 0;
  if (isText) {
    const terms = new Set(wordCandidates.flatMap((candidates) => candidates.map((c) => c.term)));
    for (const field of queryBy) {
      const value = valueAt(doc, field);
      if (value === undefined || value === null) continue;
      const marked = (text: string) => markText(text, terms, startTag, endTag);
      if (Array.isArray(value)) {
        const each = value.map((v) => marked(String(v)));
        setPath(
          highlight,
          field,
          each.map((m) => ({ matched_tokens: m.tokens, snippet: m.text })),
        );
        const indices = each.flatMap((m, i) => (m.tokens.length > 0 ? [i] : []));
        if (indices.length > 0) {
          fieldsMatched++;
          highlights.push({
            field,
            indices,
            matched_tokens: indices.map((i) => (each[i] as { tokens: string[] }).tokens),
            snippets: indices.map((i) => (each[i] as { text: string }).text),
          });
        }
      } else {
        const m = marked(String(value));
        setPath(highlight, field, { matched_tokens: m.tokens, snippet: m.text });
        if (m.tokens.length > 0) {
          fieldsMatched++;
          highlights.push({ field, matched_tokens: m.tokens, snippet: m.text });
        }
      }
    }
  }
  const textMatch = isText ? Math.round(match.score * 1000) : 100;
  return {
    document: project(doc, params),
    highlight,
    highlights,
    text_match: textMatch,
    text_match_info: {
      best_field_score: String(textMatch),
      best_field_weight: 15,
      fields_matched: fieldsMatched,
      num_tokens_dropped: dropped,
      score: String(textMatch),
      tokens_matched: wordCandidates.length,
      typo_prefix_score: 0,
    },
  };
}

/** Marks the words of `text` whose index terms are among `terms`. */
function markText(text: string, terms: Set<string>, startTag: string, endTag: string) {
  const tokens: string[] = [];
  let out = '';
  let at = 0;
  for (const w of words(text)) {
    if (!indexTerms(w.word).some((t) => terms.has(t))) continue;
    tokens.push(w.word);
    out += text.slice(at, w.start) + startTag + w.word + endTag;
    at = w.end;
  }
  return { text: out + text.slice(at), tokens };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) {
    if (!at[part] || typeof at[part] !== 'object') at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts[parts.length - 1] as string] = value;
}

/** The document with `include_fields` / `exclude_fields` applied (top-level and dotted names). */
function project(doc: SearchDocument, params: SearchParams): Record<string, unknown> {
  const include = list(params.include_fields);
  const exclude = list(params.exclude_fields);
  if (include.length === 0 && exclude.length === 0) return doc;
  let out: Record<string, unknown>;
  if (include.length > 0) {
    out = {};
    for (const field of include) {
      const value = valueAt(doc, field);
      if (value !== undefined) setPath(out, field, structuredClone(value));
    }
  } else {
    out = structuredClone(doc);
  }
  for (const field of exclude) {
    const parts = field.split('.');
    let at: Record<string, unknown> | undefined = out;
    for (const part of parts.slice(0, -1)) at = at?.[part] as Record<string, unknown> | undefined;
    if (at) delete at[parts[parts.length - 1] as string];
  }
  return out;
}
