// The offline sync engine with its kinds, as the app uses it (DESIGN.md, "Offline writes"). No DOM or React here: it
// also runs in the service worker. React hooks live in ./hooks (import them from 'src/offline/hooks'). The engine is
// ./engine (it imports no kind); ./kinds registers the kinds and the database schema (./schema.ts), first.
export { ENTITY_KINDS } from './kinds';
export {
  BACKGROUND_SYNC_TAG,
  DRAIN_LOCK,
  MutationError,
  OFFLINE_DB_NAME,
  SESSION_CHANNEL,
  createFetchTransport,
  createSyncController,
  describeEntry,
  drain,
  kindOf,
  lastSyncedAt,
  messageFor,
  needsRenewal,
  offlineDb,
  openOfflineDb,
  preferKind,
  refresh,
  requestBackgroundSync,
  storeSession,
  sync,
  syncTables,
  waitingCount,
  type DrainOptions,
  type DrainStop,
  type DrainSummary,
  type EngineSession,
  type EntityKind,
  type LockProvider,
  type MutateOptions,
  type OfflineDb,
  type OutboxEntry,
  type OutboxError,
  type OutboxStatus,
  type RefreshContext,
  type RefreshOptions,
  type RefreshSummary,
  type SessionMessage,
  type SyncController,
  type SyncControllerOptions,
  type SyncResult,
  type SyncStatus,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './engine';
export { mutate, createMutate, type MutationResult } from './purchase-lists/mutate';
export type { MirrorItem, MirrorList } from './purchase-lists/tables';
export type { ProductSnapshot, PurchaseListChange, PurchaseListOp } from './purchase-lists/operations';
export { compareItems, compareLists, sortItems } from './purchase-lists/sort';
