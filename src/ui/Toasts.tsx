import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { cx } from './cx';
import type { ToastTone } from './toast-queue';
import { toastQueue } from './toast-region-queue';

const tones: Record<ToastTone, { box: string; icon: ReactNode }> = {
  success: {
    box: 'border-green-600 bg-green-50 text-green-950 dark:border-green-500 dark:bg-green-950 dark:text-green-50',
    icon: (
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    ),
  },
  error: {
    box: 'border-red-600 bg-red-50 text-red-950 dark:border-red-500 dark:bg-red-950 dark:text-red-50',
    icon: (
      <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 4a1 1 0 0 1 1 1v3a1 1 0 1 1-2 0V7a1 1 0 0 1 1-1Zm0 8.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z" />
    ),
  },
  warning: {
    box: 'border-amber-500 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50',
    icon: (
      <path d="M8.26 3.1a2 2 0 0 1 3.48 0l6.03 10.9A2 2 0 0 1 16.03 17H3.97a2 2 0 0 1-1.74-3l6.03-10.9ZM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8a1.1 1.1 0 1 0 0-2.2 1.1 1.1 0 0 0 0 2.2Z" />
    ),
  },
  attention: {
    box: 'border-gray-500 bg-gray-100 text-gray-950 dark:border-gray-400 dark:bg-gray-800 dark:text-gray-50',
    icon: (
      <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 3.5a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5ZM9 10a1 1 0 1 1 2 0v4a1 1 0 1 1-2 0v-4Z" />
    ),
  },
  info: {
    box: 'border-primary-600 bg-primary-50 text-primary-950 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-50',
    icon: (
      <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 3.5a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5ZM9 10a1 1 0 1 1 2 0v4a1 1 0 1 1-2 0v-4Z" />
    ),
  },
};

/**
 * The notifications area, bottom-right (SPEC §1), moved aside while a side panel is open (index.css, `.toast-region`).
 * Toasts are announced to screen readers and can be closed.
 */
export function Toasts() {
  const { t } = useTranslation();
  return (
    <ToastRegion
      queue={toastQueue}
      aria-label={t('notifications.region')}
      className="toast-region fixed right-0 bottom-0 z-50 flex w-full flex-col-reverse gap-2 p-4 outline-none sm:right-4 sm:bottom-4 sm:w-96 sm:p-0"
    >
      {({ toast }) => {
        const tone = tones[toast.content.tone];
        return (
          <Toast
            toast={toast}
            data-toast-id={toast.content.id}
            data-tone={toast.content.tone}
            className={cx(
              'flex animate-toast-in items-start gap-3 rounded-xl border-l-4 px-4 py-3 shadow-lg ring-1 ring-black/5 outline-none',
              'data-focus-visible:outline-2 data-focus-visible:outline-offset-2 data-focus-visible:outline-primary-600',
              tone.box,
            )}
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 size-5 shrink-0">
              {tone.icon}
            </svg>
            <ToastContent className="min-w-0 flex-1">
              <Text slot="title" className="block font-semibold">
                {toast.content.title}
              </Text>
              {toast.content.description && (
                <Text slot="description" className="mt-0.5 block text-sm">
                  {toast.content.description}
                </Text>
              )}
            </ToastContent>
            <Button
              slot="close"
              aria-label={t('actions.close')}
              className="-mt-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-black/5 data-focus-visible:outline-2 data-focus-visible:outline-current dark:hover:bg-white/10"
            >
              <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </Button>
          </Toast>
        );
      }}
    </ToastRegion>
  );
}
