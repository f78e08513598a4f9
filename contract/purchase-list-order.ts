/**
 * The order of purchase lists and their items, shared by the server's answers and the device's mirror so that a list
 * never reorders itself when the server's copy arrives (docs/decisions/0008). Swedish order: å, ä, ö after z, case
 * ignored, numbers by value.
 */
const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });

export type ItemSortKey = 'name' | 'date' | 'quantity' | 'brand';
export type SortDirection = 'asc' | 'desc';

type SortableList = { id: string; name: string; createdAt: string };
type SortableItem = { id: string; name: string; brandName: string; quantity: number; addedAt: string };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Lists by name, then creation, then id (GET /v1/purchase-lists). */
export function comparePurchaseLists(a: SortableList, b: SortableList): number {
  return collator.compare(a.name, b.name) || byText(a.createdAt, b.createdAt) || byText(a.id, b.id);
}

/** A comparator of items in the asked order (SPEC §9: name, date, quantity, brand); ties by name, then id. */
export function purchaseListItemOrder(sort: ItemSortKey = 'date', order: SortDirection = 'asc') {
  const direction = order === 'desc' ? -1 : 1;
  const primary = (a: SortableItem, b: SortableItem): number => {
    switch (sort) {
      case 'name':
        return collator.compare(a.name, b.name);
      case 'brand':
        return collator.compare(a.brandName, b.brandName);
      case 'quantity':
        return a.quantity - b.quantity;
      case 'date':
        return byText(a.addedAt, b.addedAt);
    }
  };
  return (a: SortableItem, b: SortableItem) =>
    direction * primary(a, b) || collator.compare(a.name, b.name) || byText(a.id, b.id);
}

export function sortPurchaseListItems<T extends SortableItem>(
  items: readonly T[],
  sort: ItemSortKey = 'date',
  order: SortDirection = 'asc',
): T[] {
  return [...items].sort(purchaseListItemOrder(sort, order));
}
