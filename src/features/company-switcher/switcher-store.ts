import { useSyncExternalStore } from 'react';

/** Whether the company switcher is open, and whether it has already opened by itself in this session. */
interface SwitcherState {
  isOpen: boolean;
  autoOpened: boolean;
}

let state: SwitcherState = { isOpen: false, autoOpened: false };
const listeners = new Set<() => void>();

function update(next: Partial<SwitcherState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const companySwitcher = {
  open: () => update({ isOpen: true }),
  close: () => update({ isOpen: false }),
  /** Opens it by itself once per session (SPEC §2). */
  autoOpen: () => {
    if (!state.autoOpened) update({ isOpen: true, autoOpened: true });
  },
  get autoOpened() {
    return state.autoOpened;
  },
  /** Logged out: forget everything. */
  reset: () => update({ isOpen: false, autoOpened: false }),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCompanySwitcherOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.isOpen,
    () => false,
  );
}
