/**
 * The count screen's walk (issue #15): the company's zones in their order as steps, zones the company no longer has
 * after them, and the items without a zone as the last step; each step's items in walking order
 * (contract/rules/inventory-items.ts walkOrder) with its progress. Pure, for the screen and its tests.
 */
import type { CompanyZone } from '../../../contract/inventory';
import { NONE_FILTER } from '../../../contract/inventory-constants';
import { NO_ZONE_LABEL, walkOrder } from '../../../contract/rules/inventory-items';
import type { MirrorInventoryItem } from '../../offline/inventory/tables';

const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });

export interface WalkStep {
  /** The zone's name; null for the items without a zone. */
  zone: string | null;
  /** What the address holds (`?zon=`): the zone's name, or `-` for the items without one. */
  param: string;
  label: string;
  total: number;
  counted: number;
}

export interface Walk {
  steps: WalkStep[];
  total: number;
  counted: number;
}

/** How many items a zone holds and how many of them are counted. */
export interface ZoneTally {
  total: number;
  counted: number;
}

/**
 * Whether the list's totals moved only by what the current zone shows: a count in this zone leaves the other zones'
 * tallies as they were, and re-reading them (every row of the list, zone by zone) after each count grew with the list.
 * A change elsewhere (a scan of another zone's item, another phone's counts) moves the sums and is read.
 */
export function explainedByZone(
  previous: Map<string, ZoneTally>,
  list: { itemCount: number; countedCount: number },
  current: { param: string; tally: ZoneTally },
): boolean {
  let total = current.tally.total;
  let counted = current.tally.counted;
  for (const [param, tally] of previous) {
    if (param === current.param) continue;
    total += tally.total;
    counted += tally.counted;
  }
  return total === list.itemCount && counted === list.countedCount;
}

/** A step of the walk before its progress is known (only which zones hold items): the screen's first paint. */
export type WalkPlace = Pick<WalkStep, 'zone' | 'param' | 'label'> & { total?: number };

/**
 * The walk's zones in order: the company's zones, then zones it no longer has (by name), then the items without one
 * — for the zones the items are in (`present`).
 */
export function walkZones(present: ReadonlySet<string | null>, zones: readonly CompanyZone[]): WalkPlace[] {
  const known = [...zones].sort((a, b) => a.sort - b.sort).map((z) => z.name);
  const knownSet = new Set(known);
  const unknown = [...present]
    .filter((z): z is string => z !== null && !knownSet.has(z))
    .sort((a, b) => collator.compare(a, b));
  const names: (string | null)[] = [...known, ...unknown];
  if (present.has(null) || names.length === 0) names.push(null);
  return names.map((zone) => ({ zone, param: zone ?? NONE_FILTER, label: zone ?? NO_ZONE_LABEL }));
}

/** The steps of a list's walk with their progress, and the list's progress. */
export function walkOf(items: readonly MirrorInventoryItem[], zones: readonly CompanyZone[]): Walk {
  const tally = new Map<string | null, { total: number; counted: number }>();
  let counted = 0;
  for (const item of items) {
    const t = tally.get(item.zone) ?? { total: 0, counted: 0 };
    t.total++;
    if (item.counted) {
      t.counted++;
      counted++;
    }
    tally.set(item.zone, t);
  }
  const steps = walkZones(new Set(tally.keys()), zones).map((place) => ({
    ...place,
    total: tally.get(place.zone)?.total ?? 0,
    counted: tally.get(place.zone)?.counted ?? 0,
  }));
  return { steps, total: items.length, counted };
}

/**
 * The step the address names, else the first one with items (a new walk starts where there is something to count).
 * `present`: the zones holding items, for places without a total (the same choice before the progress is known).
 */
export function currentStep<S extends WalkPlace>(
  walk: { steps: S[] },
  param: string | null,
  present?: ReadonlySet<string | null>,
): S | undefined {
  const holds = (s: S) => (present ? present.has(s.zone) : (s.total ?? 0) > 0);
  return walk.steps.find((s) => s.param === param) ?? walk.steps.find(holds) ?? walk.steps[0];
}

/** A zone's items in walking order. */
export function zoneItems(items: readonly MirrorInventoryItem[], zone: string | null): MirrorInventoryItem[] {
  return items.filter((i) => i.zone === zone).sort(walkOrder);
}
