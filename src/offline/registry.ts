import type { Table } from 'dexie';
import { engineTables, type OfflineDb, type OutboxEntity, type OutboxEntry } from './db';
import type { EntityKind } from './kinds';
import { purchaseListKind } from './purchase-lists/kind';
import { cartKind } from './cart/kind';
import { inventoryKind } from './inventory/kind';

/** Every kind of mirrored data the engine syncs. A new kind adds one line here. */
export const ENTITY_KINDS: readonly EntityKind[] = [purchaseListKind, cartKind, inventoryKind];

const byEntity = new Map<OutboxEntity, EntityKind>(ENTITY_KINDS.map((k) => [k.entity, k]));

export function kindOf(entity: OutboxEntity): EntityKind {
  const kind = byEntity.get(entity);
  if (!kind) throw new Error(`Skafferi offline: no kind registered for '${entity}'`);
  return kind;
}

/** Every table of every kind plus the engine's: the scope of the drain's and the rebase's transactions. */
export function syncTables(db: OfflineDb): Table[] {
  return [...new Set([...ENTITY_KINDS.flatMap((k) => k.tables(db)), ...engineTables(db)])];
}

/** An entry in plain Swedish, for the sync panel. */
export function describeEntry(entry: OutboxEntry, name?: string): string {
  return kindOf(entry.entity).describe(entry, name);
}
