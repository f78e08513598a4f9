import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
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

export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 4 });

interface ToastOptions {
  id?: string;
  description?: string;
  /** Milliseconds; 0 keeps it until closed. */
  timeout?: number;
}

function show(content: ToastContent, timeout: number): string {
  if (content.id) {
    for (const visible of toastQueue.visibleToasts) {
      if (visible.content.id === content.id) toastQueue.close(visible.key);
    }
  }
  return toastQueue.add(content, timeout > 0 ? { timeout } : {});
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
  close: (key: string) => toastQueue.close(key),
  clear: () => toastQueue.clear(),
};
