/**
 * Inventory changes: as the UI asks for them (InventoryChange) and as the outbox stores them (InventoryOp, with ids,
 * time, device and display names fixed), and the state one change applies to.
 */
import type { IndexedArticle, InventoryUnit, UserRef } from '../../../contract/inventory';
import type { MirrorInventoryItem, MirrorInventoryList } from './tables';

/** The fields of an item a user may change (PATCH), as the API takes them. */
export interface ItemChanges {
  unit?: InventoryUnit;
  price?: number;
  account?: string | null;
  zone?: string | null;
  parLevel?: number | null;
  resolveConflict?: true;
  /** The review accepts the count as it stands (decision 0062); `acceptedAt` is the device's moment of it. */
  accept?: true;
  acceptedAt?: string;
}

/** A change to inventory lists as the UI asks for it. Ids of new rows may be given; otherwise a uuid v7 is made. */
export type InventoryChange =
  | {
      type: 'createList';
      companyCode: string;
      name: string;
      dateFrom?: string | null;
      dateTo?: string | null;
      id?: string;
      createdBy?: string | null;
    }
  | { type: 'updateList'; listId: string; name: string; dateFrom: string | null; dateTo: string | null }
  | { type: 'deleteList'; listId: string }
  | ({ type: 'addItem'; listId: string; article: IndexedArticle; id?: string } & Omit<
      ItemChanges,
      'resolveConflict' | 'accept' | 'acceptedAt'
    >)
  | ({ type: 'patchItem'; listId: string; itemId: string } & ItemChanges)
  | { type: 'deleteItem'; listId: string; itemId: string }
  /** A scan: +1 piece, +1 carton (or any amount; negative takes back). */
  | ({ type: 'countDelta'; listId: string; itemId: string; amount: number; unit: InventoryUnit; id?: string } & Counter)
  /** A typed number: the stock is this many now. */
  | ({ type: 'countSet'; listId: string; itemId: string; quantity: number; unit: InventoryUnit; id?: string } & Counter)
  /** Takes back a scan: a negative delta of the same amount, so it merges like any scan across devices. */
  | ({ type: 'undoScan'; listId: string; itemId: string; amount: number; unit: InventoryUnit; id?: string } & Counter)
  /** Closes the list after review (may be made offline); `closedBy` is the user's name, shown until the server's. */
  | { type: 'closeList'; listId: string; closedBy?: string | null }
  /** A zone's walking order (zone null: the items without one): these items first, in this order. */
  | { type: 'reorderZone'; listId: string; zone: string | null; itemIds: string[] };

/** Who counts, shown as the item's last counter while the count waits (the server names them once it has it). */
type Counter = { countedBy?: UserRef | null };

interface OpBase {
  listId: string;
  companyCode: string;
  /** ISO time on the device. */
  at: string;
}

/** A change as stored in the outbox: ids, time, device and the display names fixed, so it applies the same again. */
export type InventoryOp =
  | (OpBase & {
      type: 'createList';
      name: string;
      dateFrom: string | null;
      dateTo: string | null;
      createdBy: string | null;
    })
  | (OpBase & { type: 'updateList'; name: string; dateFrom: string | null; dateTo: string | null })
  | (OpBase & { type: 'deleteList' })
  | (OpBase & {
      type: 'closeList';
      closedBy: string | null;
      /**
       * The list's last reopening as the device knew it when the user closed it (contract/rules/closing.ts). Closes
       * queued before this was kept lack it: they are sent without it and close the list as it is.
       */
      reopenedAt?: string | null;
    })
  | (OpBase & {
      type: 'addItem';
      itemId: string;
      article: IndexedArticle;
      /** Only what the user chose; the rest is the server's default (and the article's on the device). */
      fields: Omit<ItemChanges, 'resolveConflict' | 'accept' | 'acceptedAt'>;
      accountName: string | null;
    })
  | (OpBase & { type: 'patchItem'; itemId: string; name: string; fields: ItemChanges; accountName: string | null })
  | (OpBase & { type: 'deleteItem'; itemId: string; name: string })
  | (OpBase & {
      type: 'count';
      itemId: string;
      name: string;
      countId: string;
      kind: 'delta' | 'set';
      /** The delta's amount or the set's quantity, in `unit`. */
      value: number;
      unit: InventoryUnit;
      deviceId: string;
      /** A negative delta that takes back a scan (for the sync panel's text). */
      undo: boolean;
      /** Absent in entries stored before issue #15. */
      countedBy?: UserRef | null;
    })
  | (OpBase & { type: 'reorderZone'; zone: string | null; itemIds: string[] });

/** One list with (some of) its items: all of them in a rebase, only those a change touches in mutate. */
export interface InventoryState {
  list: MirrorInventoryList | null;
  items: ReadonlyMap<string, MirrorInventoryItem>;
}

export const emptyInventoryState = (): InventoryState => ({ list: null, items: new Map() });
