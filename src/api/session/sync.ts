import type { QueryClient } from '@tanstack/react-query';
import { createFetchTransport, createSyncController, type SyncController } from '../../offline';

/** A screen waiting for one kind's data has it read first (decision 0077). */
export { preferKind } from '../../offline';
import { config } from '../../lib/config';
import { currentUserKey, currentUserQuery } from '../queries/customer';
import { connectEngineSession, type EngineSessionLink } from './engine-session';
import { session } from './session';

let controller: SyncController | undefined;
let link: EngineSessionLink | undefined;
const linkListeners = new Set<() => void>();

/** The page's one sync controller (docs/decisions/0014): drains, refreshes, and the sync status the UI shows. */
export function syncController(): SyncController {
  controller ??= createSyncController({
    transport: createFetchTransport({ baseUrl: config().apiBaseUrl }),
    // A token the engine got by renewal replaces the page's (the server keeps only the newest).
    onSessionRenewed: (renewed) => link?.adoptRenewed(renewed),
  });
  return controller;
}

const isCurrentUserKey = (key: readonly unknown[]) =>
  key.length === currentUserKey.length && key.every((part, i) => part === currentUserKey[i]);

/**
 * Starts the engine's triggers and ties it to the page's session: start-up, login, renewals and logout reach the
 * engine, the engine's renewals reach the cookies, the chosen company is kept fresh. Once per page.
 */
export function startSync(queryClient: QueryClient): SyncController {
  const engine = syncController();
  if (link) return engine;
  link = connectEngineSession({
    store: session,
    controller: engine,
    loadUser: () => queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 }),
    loadedUser: () => queryClient.getQueryData(currentUserKey),
    watchUser: (listener) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (!isCurrentUserKey(event.query.queryKey)) return;
        const user = event.query.state.data as { id: string; defaultCompany: string | null } | undefined;
        if (user) listener(user);
      }),
  });
  link.subscribeBusy(() => linkListeners.forEach((listener) => listener()));
  linkListeners.forEach((listener) => listener());
  void link.ready.then(() => engine.start());
  return engine;
}

/** For useSyncExternalStore: true until the session link has told the engine about the current session. */
export const sessionLinkBusy = {
  subscribe(listener: () => void): () => void {
    linkListeners.add(listener);
    return () => linkListeners.delete(listener);
  },
  get: (): boolean => link?.isBusy() ?? true,
};
