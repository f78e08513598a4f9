// The offline sync engine apart from its kinds (DESIGN.md, "Offline writes"; docs/decisions/0054). No DOM or React
// here: it also runs in the service worker. It imports no kind; kinds register themselves (see ../kinds.ts), and the
// app and the worker import the kinds' registration besides this face (src/offline/index.ts does both).
export {
  OFFLINE_DB_NAME,
  ENGINE_STORES,
  engineTables,
  offlineDb,
  openOfflineDb,
  transact,
  type HttpMethod,
  type OfflineDb,
  type OfflineTables,
  type OutboxEntity,
  type OutboxEntry,
  type OutboxError,
  type OutboxStatus,
  type StoreSpecs,
} from './database';
export { enqueue, type EnqueueInput, type MutateOptions } from './outbox';
export { MutationError, fill, messageFor } from './messages';
export { drain, type DrainOptions, type DrainStop, type DrainSummary } from './drain';
export { rebaseAll, rebaseEntities, rebaseTouched } from './rebase';
export { refresh, type RefreshOptions, type RefreshSummary } from './refresh';
export { lastSyncedAt, queryStatus, waitingCount } from './status-read';
export { sync, type SyncOptions, type SyncResult } from './sync';
export { BACKGROUND_SYNC_TAG, requestBackgroundSync } from './background-sync';
export { createSyncController, type SyncController, type SyncControllerOptions } from './controller';
export { initialSyncStatus, type SyncStatus } from './sync-status';
export { createFetchTransport, type Transport, type TransportRequest, type TransportResponse } from './transport';
export { needsRenewal, readSession, storeSession, type EngineSession } from './session';
export { SESSION_CHANNEL, type SessionMessage } from './session-client';
export { describeEntry, entityKinds, kindOf, preferKind, registerKind, syncTables } from './registry';
export { RefreshStop, type EntityKind, type RefreshContext } from './kind';
export { DRAIN_LOCK, type LockProvider } from './lock';
export * from './worker-protocol';
