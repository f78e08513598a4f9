import { useSyncExternalStore } from 'react';

/** Whether the cart drawer is open: one small store so that any control (e.g. after an add) can open it. */
let open = false;
const listeners = new Set<() => void>();

export const cartDrawer = {
  open(): void {
    if (open) return;
    open = true;
    listeners.forEach((l) => l());
  },
  close(): void {
    if (!open) return;
    open = false;
    listeners.forEach((l) => l());
  },
  set(next: boolean): void {
    if (next) cartDrawer.open();
    else cartDrawer.close();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => open,
};

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(cartDrawer.subscribe, cartDrawer.get, cartDrawer.get);
}
