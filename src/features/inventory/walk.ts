/**
 * The count screen's walk (issue #15): the company's zones in their order as steps, zones the company no longer has
 * after them, and the items without a zone as the last step; each step's items in walking order
 * (contract/rules/inventory-items.ts walkOrder) with its progress. Pure, for the screen and its tests.
 */
import { NONE_FILTER, type CompanyZone } from '../../../contract/inventory';
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
  const known = [...zones].sort((a, b) => a.sort - b.sort).map((z) => z.name);
  const knownSet = new Set(known);
  const unknown = [...tally.keys()]
    .filter((z): z is string => z !== null && !knownSet.has(z))
    .sort((a, b) => collator.compare(a, b));
  const names: (string | null)[] = [...known, ...unknown];
  if (tally.has(null) || names.length === 0) names.push(null);
  const steps = names.map((zone) => ({
    zone,
    param: zone ?? NONE_FILTER,
    label: zone ?? NO_ZONE_LABEL,
    total: tally.get(zone)?.total ?? 0,
    counted: tally.get(zone)?.counted ?? 0,
  }));
  return { steps, total: items.length, counted };
}

/** The step the address names, else the first one with items (a new walk starts where there is something to count). */
export function currentStep(walk: Walk, param: string | null): WalkStep | undefined {
  return walk.steps.find((s) => s.param === param) ?? walk.steps.find((s) => s.total > 0) ?? walk.steps[0];
}

/** A zone's items in walking order. */
export function zoneItems(items: readonly MirrorInventoryItem[], zone: string | null): MirrorInventoryItem[] {
  return items.filter((i) => i.zone === zone).sort(walkOrder);
}
