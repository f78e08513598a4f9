import { describe, expect, it } from 'vitest';
import { toast, toastActivity } from '../../src/ui/toast-queue';

// One module state per file: the toasts below are raised before React Aria's queue (the toast region's chunk) is
// loaded, then the region's queue module is imported, as LazyToasts does when the first toast appears.
describe('toasts raised before the toast region loads', () => {
  it('wait, in order, with their timeouts, and a toast with the same id replaces the earlier one', async () => {
    let changes = 0;
    const stop = toastActivity.subscribe(() => changes++);
    expect(toastActivity.any()).toBe(false);

    toast.success('Sparat', { id: 'saved' });
    expect(toastActivity.any()).toBe(true);
    expect(changes).toBe(1);
    toast.attention('Logga in igen');
    const closedLater = toast.warning('Stängs innan regionen laddats');
    toast.close(closedLater);
    toast.success('Sparat igen', { id: 'saved' });
    const closedAfter = toast.error('Stängs när regionen laddats');

    const { toastQueue } = await import('../../src/ui/toast-region-queue');
    // React Aria's queue shows the newest first.
    expect(toastQueue.visibleToasts.map((t) => [t.content.title, t.timeout])).toEqual([
      ['Stängs när regionen laddats', 3000],
      ['Sparat igen', 3000],
      ['Logga in igen', undefined],
    ]);
    expect(toastActivity.any()).toBe(true);

    // A key handed out before the queue was there still closes its toast.
    toast.close(closedAfter);
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toEqual(['Sparat igen', 'Logga in igen']);

    // From now on toasts go straight to React Aria's queue, with the same replacement rule.
    toast.success('Sparat en tredje gång', { id: 'saved' });
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toEqual(['Sparat en tredje gång', 'Logga in igen']);

    const before = changes;
    toast.clear();
    expect(toastQueue.visibleToasts).toEqual([]);
    expect(toastActivity.any()).toBe(false);
    expect(changes).toBeGreaterThan(before);
    stop();
  });
});
