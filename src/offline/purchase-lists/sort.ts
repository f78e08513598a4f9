import type { MirrorItem, MirrorList } from '../db';

/** Swedish order (å, ä, ö after z, case ignored), as the server sorts (docs/decisions/0008). */
const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Lists by name, then creation, then id (as GET /v1/purchase-lists). */
export function compareLists(a: MirrorList, b: MirrorList): number {
  return (
    collator.compare(a.name, b.name) ||
    (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) ||
    byId(a, b)
  );
}

/** Items in the order they were added (the server's default), ties by name then id. */
export function compareItems(a: MirrorItem, b: MirrorItem): number {
  return (a.addedAt < b.addedAt ? -1 : a.addedAt > b.addedAt ? 1 : 0) || collator.compare(a.name, b.name) || byId(a, b);
}

/** A list's items in the asked order (SPEC §9: name, date, quantity, brand), ties by name then id, as the server. */
export function sortItems(
  items: readonly MirrorItem[],
  sort: 'name' | 'date' | 'quantity' | 'brand' = 'date',
  order: 'asc' | 'desc' = 'asc',
): MirrorItem[] {
  const direction = order === 'desc' ? -1 : 1;
  const primary = (a: MirrorItem, b: MirrorItem): number => {
    switch (sort) {
      case 'name':
        return collator.compare(a.name, b.name);
      case 'brand':
        return collator.compare(a.brandName, b.brandName);
      case 'quantity':
        return a.quantity - b.quantity;
      case 'date':
        return a.addedAt < b.addedAt ? -1 : a.addedAt > b.addedAt ? 1 : 0;
    }
  };
  return [...items].sort((a, b) => direction * primary(a, b) || collator.compare(a.name, b.name) || byId(a, b));
}
