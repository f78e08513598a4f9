import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastQueue } from '../../ui/toast-queue';

/** React Aria's toast region loads with the first toast, not with the page (docs/decisions/0021). */
const Toasts = lazy(() => import('../../ui/Toasts').then((m) => ({ default: m.Toasts })));

const subscribe = (listener: () => void) => toastQueue.subscribe(listener);
const anyToast = () => toastQueue.visibleToasts.length > 0;

/**
 * The notifications area, mounted once the first toast is queued and kept from then on. A toast queued while the
 * region's code loads is shown (and announced) when it arrives: the queue holds it.
 */
export function LazyToasts() {
  const queued = useSyncExternalStore(subscribe, anyToast, anyToast);
  const [needed, setNeeded] = useState(queued);
  if (queued && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
