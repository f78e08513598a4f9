// Background Sync (https://wicg.github.io/background-sync/spec/) is not in TypeScript's WebWorker lib.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  /** The browser's last attempt for this registration: after it, the registration is dropped. */
  readonly lastChance: boolean;
}

interface ServiceWorkerGlobalScopeEventMap {
  sync: SyncEvent;
}
