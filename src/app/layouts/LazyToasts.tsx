import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastActivity } from '../../ui/toast-queue';

/** React Aria's toast region (and its queue) load with the first toast, not with the page (docs/decisions/0021). */
const Toasts = lazy(() => import('../../ui/Toasts').then((m) => ({ default: m.Toasts })));

/**
 * The notifications area, mounted once the first toast is raised and kept from then on. A toast raised while the
 * region's code loads is shown (and announced) when it arrives: `ui/toast-queue` holds it until then.
 */
export function LazyToasts() {
  const queued = useSyncExternalStore(toastActivity.subscribe, toastActivity.any, toastActivity.any);
  const [needed, setNeeded] = useState(queued);
  if (queued && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
