import { lazy, Suspense, useSyncExternalStore } from 'react';
import { idleStore } from '../../../lib/when-idle';
import { Spinner } from '../../../ui/Spinner';
import type { ListFormProps } from './ListForm';

const ListForm = lazy(() => import('./ListForm').then((m) => ({ default: m.ListForm })));

/**
 * The overview's form for a new list, drawn once the page is idle (decision 0070, second round): its two date fields
 * are React Aria's date picker with its calendar and overlays, ≈ 90 KB gzip that the lists themselves — what the
 * overview is opened for, offline too — do not wait for. Idle comes a moment after the lists have drawn; the space
 * the form takes is kept meanwhile, so nothing moves when it comes.
 */
export function IdleListForm({ loadingLabel, ...props }: ListFormProps & { loadingLabel: string }) {
  const idle = useSyncExternalStore(idleStore.subscribe, idleStore.get, idleStore.get);
  const waiting = (
    <div className="flex min-h-80 items-center justify-center text-primary-700 dark:text-primary-300">
      <Spinner className="size-6" label={loadingLabel} />
    </div>
  );
  return idle ? (
    <Suspense fallback={waiting}>
      <ListForm {...props} />
    </Suspense>
  ) : (
    waiting
  );
}
