// Pure: no client, no React (the URL state and its tests use it).

/** The facets of a product listing, with the document field each one counts (contract PRODUCT_FACETS). */
export const FACETS = [
  { id: 'brand', field: 'brand_name' },
  { id: 'category', field: 'categories' },
  { id: 'zone', field: 'zone.name' },
  { id: 'label', field: 'accreditation_labels' },
  { id: 'stock', field: 'stock_status' },
] as const;
export type FacetId = (typeof FACETS)[number]['id'];
export const FACET_IDS: readonly FacetId[] = FACETS.map((f) => f.id);

/** Chosen facet values: within one facet any of them (OR), across facets all (AND). */
export type FacetSelection = Partial<Record<FacetId, string[]>>;

export interface FacetCount {
  value: string;
  count: number;
}

export type FacetCounts = Record<FacetId, FacetCount[]>;

export const fieldOf = (id: FacetId) => FACETS.find((f) => f.id === id)!.field;

/** A value as Typesense's filter syntax wants it: in backticks, so commas, brackets and spaces are safe. */
const quote = (value: string) => `\`${value.replace(/`/g, '')}\``;

/**
 * The `filter_by` of a listing: the fixed filter (a category's), then one clause per chosen facet. `except` leaves
 * one facet out: its own counts are counted without it, so its other values stay choosable (disjunctive facets).
 */
export function filterExpression(selection: FacetSelection, fixed?: string, except?: FacetId): string {
  const clauses: string[] = [];
  if (fixed) clauses.push(`(${fixed})`);
  for (const { id, field } of FACETS) {
    const values = selection[id];
    if (id === except || !values || values.length === 0) continue;
    clauses.push(`${field}:=[${values.map(quote).join(',')}]`);
  }
  return clauses.join(' && ');
}
