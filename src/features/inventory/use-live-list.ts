import { useEffect, useSyncExternalStore } from 'react';
import { loadSyncEngine } from '../../api/session/engine-loader';
import { useSyncState } from '../../api/session/hooks';
import { renewSession, session } from '../../api/session/session';
import { config } from '../../lib/config';
import { whenIdle } from '../../lib/when-idle';

const visibility = {
  subscribe(listener: () => void) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  get: () => document.visibilityState === 'visible',
};

/**
 * While this list is on screen, the phone online and the tab visible, counts from other phones arrive by themselves
 * (decision 0060): the server announces each change and the list is read again into the device's copy, which the
 * screens show. Hidden or offline the stream closes; on return the engine's own sync reads what changed meanwhile.
 */
export function useLiveList(listId: string | null, companyCode: string | null): void {
  const { online } = useSyncState();
  const visible = useSyncExternalStore(visibility.subscribe, visibility.get, () => true);
  useEffect(() => {
    if (!listId || !companyCode || !online || !visible) return;
    // Only online, so its code is not in the count screen's first load (an offline start never needs it). And only once
    // the page is idle — on the count screen after its first count (`holdIdle`): the feed brings the engine, zod and
    // every kind, which loaded and started between the heading and the walk's first rows of a reload with the network
    // gone but `navigator.onLine` still true (a cold room's Wi-Fi without a way out; decision 0083). The engine's own
    // start reads what changed meanwhile.
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void Promise.all([import('../../offline/inventory/live'), loadSyncEngine()]).then(([live, engine]) => {
        if (cancelled) return;
        stop = live.watchInventoryList({
          baseUrl: config().apiBaseUrl,
          companyCode,
          listId,
          token: () => session.get()?.token ?? null,
          renew: renewSession,
          refresh: (id, news) => void engine.syncController().refreshAggregate('inventoryList', id, news),
        });
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [listId, companyCode, online, visible]);
}
