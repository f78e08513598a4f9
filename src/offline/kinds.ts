import { registerKind, type EntityKind } from './engine';
import './schema';
import { cartKind } from './cart/kind';
import { inventoryKind } from './inventory/kind';
import { purchaseListKind } from './purchase-lists/kind';

/**
 * Every kind of mirrored data the engine syncs, in the order a refresh reads them. A new kind adds one line here; the
 * engine itself names none. Importing this module registers them (src/offline/index.ts and the service worker do)
 * and defines the database schema (./schema.ts, their tables).
 */
export const ENTITY_KINDS: readonly EntityKind[] = [purchaseListKind, cartKind, inventoryKind];

for (const kind of ENTITY_KINDS) registerKind(kind);
