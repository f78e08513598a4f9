import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../../contract/customer';
import { STAFF_ROLE, type RoleName } from '../../../contract/customer-constants';
import { initialSyncStatus, type SyncStatus } from '../../offline/engine/sync-status';
import { companyDetailQuery } from '../queries/companies';
import { currentUserQuery } from '../queries/customer';
import { loadedSyncEngine, loadSyncEngine, onSyncEngineLoaded } from './engine-loader';
import { session, type Session } from './session';

const subscribe = (onChange: () => void) => session.subscribe(onChange);

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, session.get, session.get);
}

export function useIsAuthenticated(): boolean {
  return useSession() !== null;
}

/** The logged-in user (GET /v1/customer/), or undefined while logged out or loading. */
export function useCurrentUser() {
  const authenticated = useIsAuthenticated();
  return useQuery({ ...currentUserQuery(), enabled: authenticated });
}

/** The chosen company with its details, when one is chosen. */
export function useCurrentCompany() {
  const { data: user } = useCurrentUser();
  const code = user?.defaultCompany ?? null;
  const query = useQuery({ ...companyDetailQuery(code ?? ''), enabled: code !== null });
  return { code, ...query };
}

export function hasRole(user: CurrentUser | undefined, ...roles: RoleName[]): boolean {
  return !!user && roles.some((role) => user.roles.includes(role));
}

/** The spec's {product}Administrator: staff who see every company. */
export const isStaff = (user: CurrentUser | undefined) => hasRole(user, STAFF_ROLE);

/**
 * A store that follows the offline engine once its module has loaded (it is not in the app's entry; see
 * engine-loader.ts): subscribing asks for the engine, and the snapshot is `before` until it is there.
 */
function engineStore<T>(
  read: (engine: NonNullable<ReturnType<typeof loadedSyncEngine>>) => {
    subscribe: (listener: () => void) => () => void;
    get: () => T;
  },
  before: () => T,
) {
  return {
    subscribe(listener: () => void): () => void {
      let detach: (() => void) | undefined;
      const attach = () => {
        const engine = loadedSyncEngine();
        if (engine && !detach) detach = read(engine).subscribe(listener);
      };
      attach();
      const stopWaiting = onSyncEngineLoaded(() => {
        attach();
        listener();
      });
      if (!detach) void loadSyncEngine().catch(() => undefined);
      return () => {
        stopWaiting();
        detach?.();
      };
    },
    get(): T {
      const engine = loadedSyncEngine();
      return engine ? read(engine).get() : before();
    },
  };
}

let statusBeforeEngine: SyncStatus | undefined;
/** What the sync status says in the moment before the engine has loaded: nothing waiting, nothing known yet. */
function beforeEngine(): SyncStatus {
  statusBeforeEngine ??= initialSyncStatus(typeof navigator === 'undefined' ? true : navigator.onLine);
  return statusBeforeEngine;
}

const syncStatusStore = engineStore<SyncStatus>((engine) => {
  const controller = engine.syncController();
  return { subscribe: (listener) => controller.subscribe(listener), get: controller.getStatus };
}, beforeEngine);

const linkBusyStore = engineStore<boolean>(
  (engine) => engine.sessionLinkBusy,
  () => true,
);

/** The offline engine's status: online, changes waiting or refused, last synced, the company it keeps fresh. */
export function useSyncState(): SyncStatus {
  return useSyncExternalStore(syncStatusStore.subscribe, syncStatusStore.get, syncStatusStore.get);
}

/**
 * The chosen company for mirrored data (purchase lists): the user's default company, or after an offline start-up
 * (no user from the API) the one the engine was given, remembered on this device. `loading` while neither is known
 * yet but may still come.
 */
export function useActiveCompany(): { code: string | null; loading: boolean } {
  const user = useCurrentUser();
  const sync = useSyncState();
  const authenticated = useIsAuthenticated();
  const linking = useSyncExternalStore(linkBusyStore.subscribe, linkBusyStore.get, linkBusyStore.get);
  if (user.data) return { code: user.data.defaultCompany, loading: false };
  if (sync.companyCode) return { code: sync.companyCode, loading: false };
  return { code: null, loading: authenticated && (user.isPending || linking) };
}

/**
 * The first read of a company's mirrored data on this device is under way (after a login or a company change): a
 * screen of that data shows "loading", not "nothing yet", while the lists are on their way from the server.
 */
export function useFirstRead(companyCode: string | null): boolean {
  const sync = useSyncState();
  return sync.online && sync.lastSyncedAt === null && (sync.draining || sync.companyCode !== companyCode);
}
