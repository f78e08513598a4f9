import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { attachToastQueue, MAX_VISIBLE_TOASTS, type ToastContent } from './toast-queue';

/**
 * React Aria's toast queue, in the toast region's chunk (not the app shell's, decision 0021). Creating it takes over
 * the toasts raised before it was loaded (`ui/toast-queue.ts`); raise toasts with `toast` from there, not here.
 */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: MAX_VISIBLE_TOASTS });
attachToastQueue(toastQueue);
