import type { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { i18n } from '../lib/i18n';

/** SPEC §8 toast presets: success green, error red, warning yellow (3 s each), attention gray (sticky). */
export type ToastTone = 'success' | 'error' | 'warning' | 'attention' | 'info';

export interface ToastContent {
  /** A stable id: a new toast with the same id replaces the visible one (e.g. 'customer_updated'). */
  id?: string;
  tone: ToastTone;
  title: string;
  description?: string;
}

/** SPEC §9: notification default timeout 5000 ms; presets 3000 ms. */
export const DEFAULT_TOAST_TIMEOUT_MS = 5000;
export const PRESET_TOAST_TIMEOUT_MS = 3000;
/** At most this many toasts are on screen; the rest wait their turn. */
export const MAX_VISIBLE_TOASTS = 4;

// React Aria's toast queue lives in the toast region's chunk (./toast-region-queue.ts), loaded with the first toast
// (decision 0021). Until it is there, toasts wait here, in order, with their timeouts; their timers start when the
// region shows them, as React Aria's would.
interface Pending {
  key: string;
  content: ToastContent;
  timeout: number;
}

let queue: ToastQueue<ToastContent> | null = null;
let pending: Pending[] = [];
/** A key handed out before the queue was there → the key React Aria's queue gave the same toast. */
const keys = new Map<string, string>();
const listeners = new Set<() => void>();

function addToQueue(target: ToastQueue<ToastContent>, content: ToastContent, timeout: number): string {
  if (content.id) {
    for (const visible of target.visibleToasts) {
      if (visible.content.id === content.id) target.close(visible.key);
    }
  }
  return target.add(content, timeout > 0 ? { timeout } : {});
}

function changed() {
  for (const listener of listeners) listener();
}

function show(content: ToastContent, timeout: number): string {
  if (queue) return addToQueue(queue, content, timeout);
  if (content.id) {
    // The same rule as the queue's: a toast with the same id among the visible ones (the newest) is replaced.
    const visible = pending.slice(-MAX_VISIBLE_TOASTS);
    pending = pending.filter((toast) => !(visible.includes(toast) && toast.content.id === content.id));
  }
  const key = `pending-${Math.random().toString(36).slice(2)}`;
  pending = [...pending, { key, content, timeout }];
  changed();
  return key;
}

/** Called once by the toast region's chunk: the waiting toasts move into React Aria's queue, oldest first. */
export function attachToastQueue(target: ToastQueue<ToastContent>) {
  if (queue) return;
  queue = target;
  for (const toast of pending) keys.set(toast.key, addToQueue(target, toast.content, toast.timeout));
  pending = [];
  target.subscribe(changed);
  changed();
}

/** For the layout's lazy region (LazyToasts): whether a toast is waiting or visible, and when that changes. */
export const toastActivity = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  any: () => (queue ? queue.visibleToasts.length > 0 : pending.length > 0),
};

interface ToastOptions {
  id?: string;
  description?: string;
  /** Milliseconds; 0 keeps it until closed. */
  timeout?: number;
}

export const toast = {
  show: (content: ToastContent, timeout = DEFAULT_TOAST_TIMEOUT_MS) => show(content, timeout),
  success: (title: string, options: ToastOptions = {}) =>
    show(
      { tone: 'success', title, id: options.id, description: options.description },
      options.timeout ?? PRESET_TOAST_TIMEOUT_MS,
    ),
  error: (title?: string, options: ToastOptions = {}) =>
    show(
      {
        tone: 'error',
        title: title ?? i18n.t('common:error.unknown'),
        id: options.id,
        description: options.description,
      },
      options.timeout ?? PRESET_TOAST_TIMEOUT_MS,
    ),
  warning: (title: string, options: ToastOptions = {}) =>
    show(
      { tone: 'warning', title, id: options.id, description: options.description },
      options.timeout ?? PRESET_TOAST_TIMEOUT_MS,
    ),
  attention: (title: string, options: Omit<ToastOptions, 'timeout'> = {}) =>
    show({ tone: 'attention', title, id: options.id, description: options.description }, 0),
  close: (key: string) => {
    if (queue) {
      queue.close(keys.get(key) ?? key);
    } else {
      pending = pending.filter((toast) => toast.key !== key);
      changed();
    }
  },
  clear: () => {
    if (queue) {
      queue.clear();
    } else {
      pending = [];
      changed();
    }
  },
};
