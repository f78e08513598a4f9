import type { Table } from 'dexie';
import { engineTables, type OfflineDb, type OutboxEntity, type OutboxEntry } from './database';
import type { EntityKind } from './kind';

/** Every registered kind by its entity name, in the order registered (the order a refresh reads them in). */
const byEntity = new Map<OutboxEntity, EntityKind>();

/**
 * Makes a kind known to the engine: its entries can be sent, rebased, refreshed and described (src/offline/kinds.ts
 * registers every kind when src/offline loads; its tables are in the schema, see src/offline/schema.ts). Registering
 * the same entity again replaces the kind in its place (hot module reload).
 */
export function registerKind(kind: EntityKind): void {
  byEntity.set(kind.entity, kind);
}

/** Every registered kind of mirrored data, in the order registered. */
export function entityKinds(): EntityKind[] {
  return [...byEntity.values()];
}

/** The kind the user is waiting for, if a screen said so (preferKind). */
let preferred: OutboxEntity | null = null;

/**
 * A screen that waits for one kind's data (the count screen on a first visit: a 5 000-item list) has it read first;
 * the other kinds follow in the same refresh (decision 0077). Holds for the page until another screen says otherwise.
 */
export function preferKind(entity: OutboxEntity | null): void {
  preferred = entity;
}

/** The order a refresh reads the kinds in: the preferred one first, then as registered. */
export function refreshOrder(): EntityKind[] {
  const kinds = entityKinds();
  const first = kinds.find((k) => k.entity === preferred);
  return first ? [first, ...kinds.filter((k) => k !== first)] : kinds;
}

export function kindOf(entity: OutboxEntity): EntityKind {
  const kind = byEntity.get(entity);
  if (!kind) throw new Error(`Skafferi offline: no kind registered for '${entity}'`);
  return kind;
}

/** Every table of every kind plus the engine's: the scope of the drain's and the rebase's transactions. */
export function syncTables(db: OfflineDb): Table[] {
  // Without the kinds a transaction would silently leave their tables out: make the slip loud.
  if (byEntity.size === 0) throw new Error('Skafferi offline: no kind registered (import src/offline/kinds)');
  return [...new Set([...entityKinds().flatMap((k) => k.tables(db)), ...engineTables(db)])];
}

/** An entry in plain Swedish, for the sync panel. */
export function describeEntry(entry: OutboxEntry, name?: string): string {
  return kindOf(entry.entity).describe(entry, name);
}
