import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { preloadable } from '../../lib/preloadable';
import { toastActivity } from '../../ui/toast-queue';

const region = preloadable(() => import('../../ui/Toasts').then((m) => m.Toasts));

/**
 * React Aria's toast region (and its queue): its own chunk, fetched when the page is idle (main.tsx) or with the first
 * toast, whichever is first (docs/decisions/0021). A failed fetch is forgotten, so the next attempt fetches again.
 */
export const loadToastRegion = region.preload;

/**
 * The notifications area, mounted once the first toast is raised and kept from then on. A toast raised while the
 * region's code loads is shown (and announced) when it arrives: `ui/toast-queue` holds it until then. Offline before
 * the region's code is on the device (a first visit whose service worker has not stored the app yet), the toasts wait
 * for the network instead of breaking the page.
 */
export function LazyToasts() {
  const queued = useSyncExternalStore(toastActivity.subscribe, toastActivity.any, toastActivity.any);
  const [Loaded, setLoaded] = useState<ComponentType | undefined>(region.peek);
  useEffect(() => {
    if (!queued || Loaded) return;
    let live = true;
    const attempt = () => {
      loadToastRegion().then(
        (component) => {
          if (live) setLoaded(() => component);
        },
        () => {
          if (live) window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    attempt();
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
    };
  }, [queued, Loaded]);
  return Loaded ? <Loaded /> : null;
}
