// The offline sync engine (DESIGN.md, "Offline writes"). No DOM or React here: it also runs in the service worker.
// React hooks live in ./hooks (import them from 'src/offline/hooks').
export {
  OFFLINE_DB_NAME,
  SCHEMA_V1,
  offlineDb,
  openOfflineDb,
  type MirrorItem,
  type MirrorList,
  type OfflineDb,
  type OutboxEntry,
  type OutboxError,
  type OutboxStatus,
} from './db';
export { mutate, createMutate, type MutateOptions, type MutationResult } from './mutate';
export { MutationError, messageFor } from './messages';
export type { ProductSnapshot, PurchaseListChange, PurchaseListOp } from './purchase-lists/operations';
export { compareItems, compareLists, sortItems } from './purchase-lists/sort';
export { drain, waitingCount, type DrainOptions, type DrainStop, type DrainSummary } from './drain';
export { refresh, lastSyncedAt, type RefreshOptions, type RefreshSummary } from './refresh';
export {
  BACKGROUND_SYNC_TAG,
  createSyncController,
  requestBackgroundSync,
  sync,
  type SyncController,
  type SyncControllerOptions,
  type SyncResult,
  type SyncStatus,
} from './triggers';
export { createFetchTransport, type Transport, type TransportRequest, type TransportResponse } from './transport';
export { needsRenewal, storeSession, type EngineSession } from './session';
export { SESSION_CHANNEL, type SessionMessage } from './session-client';
export { describeEntry, kindOf, syncTables, ENTITY_KINDS } from './registry';
export type { EntityKind, RefreshContext } from './kinds';
export { DRAIN_LOCK, type LockProvider } from './lock';
