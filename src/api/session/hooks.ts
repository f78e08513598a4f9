import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../../contract/customer';
import { STAFF_ROLE, type RoleName } from '../../../contract/customer-constants';
import type { SyncStatus } from '../../offline/engine/sync-status';
import { companyDetailQuery } from '../queries/companies';
import { currentUserQuery } from '../queries/customer';
import { loadedSyncEngine, onSyncEngineLoaded } from './engine-loader';
import { session, type Session } from './session';
import { syncPreview } from './sync-preview';

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

type SyncModule = NonNullable<ReturnType<typeof loadedSyncEngine>>;

/**
 * The engine has taken over the sync status: it has loaded, its session link has told it the page's session and
 * company, and its status has read the user the preview knew (a reload whose session the engine holds already does
 * not call setSession: the user comes with the controller's first read). Once true, it stays.
 */
let engineInCharge = false;
function engineReady(): SyncModule | undefined {
  const engine = loadedSyncEngine();
  if (engine && !engineInCharge && !engine.sessionLinkBusy.get()) {
    const known = syncPreview.get().userId;
    if (known === null || engine.syncController().getStatus().userId !== null) engineInCharge = true;
  }
  return engineInCharge ? engine : undefined;
}

/**
 * A store that follows the offline engine once it has loaded and taken over (it is not in the app's entry; see
 * engine-loader.ts), and `before` until then. Subscribing does not ask for the engine (decision 0077): it loads when
 * the page is idle (SyncProvider) or when an action needs it, and a screen shows the status meanwhile from `before`.
 */
function engineStore<T>(
  read: (engine: SyncModule) => {
    subscribe: (listener: () => void) => () => void;
    get: () => T;
  },
  before: { subscribe: (listener: () => void) => () => void; get: () => T },
) {
  return {
    subscribe(listener: () => void): () => void {
      let detach: (() => void) | undefined;
      let detachWaiting: (() => void) | undefined;
      let detachBefore: (() => void) | undefined;
      const attach = () => {
        const engine = loadedSyncEngine();
        if (!engine) return;
        if (!detachWaiting && !detach) {
          // Loaded, not in charge yet: what may put it in charge is its link settling and its status being read.
          const onChange = () => {
            attach();
            listener();
          };
          const stopLink = engine.sessionLinkBusy.subscribe(onChange);
          const stopStatus = engine.syncController().subscribe(onChange);
          detachWaiting = () => {
            stopLink();
            stopStatus();
          };
        }
        if (engineReady() && !detach) {
          detach = read(engine).subscribe(listener);
          detachBefore?.();
          detachBefore = undefined;
          detachWaiting?.();
          detachWaiting = undefined;
        }
      };
      if (!engineReady()) detachBefore = before.subscribe(listener);
      attach();
      const stopWaiting = onSyncEngineLoaded(() => {
        attach();
        listener();
      });
      return () => {
        stopWaiting();
        detach?.();
        detachWaiting?.();
        detachBefore?.();
      };
    },
    get(): T {
      const engine = engineReady();
      return engine ? read(engine).get() : before.get();
    },
  };
}

const syncStatusStore = engineStore<SyncStatus>((engine) => {
  const controller = engine.syncController();
  return { subscribe: (listener) => controller.subscribe(listener), get: controller.getStatus };
}, syncPreview);

/** Before the engine is in charge, the link is "busy" only while the preview does not know the user yet. */
const linkBusyStore = engineStore<boolean>((engine) => engine.sessionLinkBusy, {
  subscribe: syncPreview.subscribe,
  get: () => syncPreview.get().userId === null,
});

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
