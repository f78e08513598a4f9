// The offline sync engine with its kinds, as the app uses it (DESIGN.md, "Offline writes"). No DOM or React here: it
// also runs in the service worker. React hooks live in ./hooks (import them from 'src/offline/hooks'). The engine is
// ./engine (it imports no kind); ./kinds registers the kinds and the database schema (./schema.ts), first.
export { ENTITY_KINDS } from './kinds';
export {
  OFFLINE_DB_NAME,
  offlineDb,
  openOfflineDb,
  type OfflineDb,
  type OutboxEntry,
  type OutboxError,
  type OutboxStatus,
} from './engine';
export { type MutateOptions } from './engine';
export { mutate, createMutate, type MutationResult } from './purchase-lists/mutate';
export { MutationError, messageFor } from './engine';
export type { MirrorItem, MirrorList } from './purchase-lists/tables';
export type { ProductSnapshot, PurchaseListChange, PurchaseListOp } from './purchase-lists/operations';
export { compareItems, compareLists, sortItems } from './purchase-lists/sort';
export { drain, waitingCount, type DrainOptions, type DrainStop, type DrainSummary } from './engine';
export { refresh, lastSyncedAt, type RefreshOptions, type RefreshSummary } from './engine';
export {
  BACKGROUND_SYNC_TAG,
  createSyncController,
  requestBackgroundSync,
  sync,
  type SyncController,
  type SyncControllerOptions,
  type SyncResult,
  type SyncStatus,
} from './engine';
export { createFetchTransport, type Transport, type TransportRequest, type TransportResponse } from './engine';
export { needsRenewal, storeSession, type EngineSession } from './engine';
export { SESSION_CHANNEL, type SessionMessage } from './engine';
export { describeEntry, kindOf, syncTables } from './engine';
export type { EntityKind, RefreshContext } from './engine';
export { DRAIN_LOCK, type LockProvider } from './engine';
