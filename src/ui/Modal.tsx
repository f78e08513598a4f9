import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { cx } from './cx';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /**
   * Whether the user may close it (close button, Escape, click outside). A modal that must be answered
   * first has none of these.
   */
  isClosable?: boolean;
  className?: string;
}

/** A modal dialog: focus moves in and is trapped, and goes back where it was on close (React Aria). */
export function Modal({ isOpen, onOpenChange, title, children, isClosable = true, className }: ModalProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isClosable}
      isKeyboardDismissDisabled={!isClosable}
      className="fixed inset-0 z-40 flex items-end justify-center bg-gray-950/60 p-0 backdrop-blur-[2px] sm:items-start sm:p-6 sm:pt-[8vh]"
    >
      <AriaModal
        className={cx(
          'flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-2xl bg-white shadow-2xl sm:max-w-xl sm:rounded-2xl dark:bg-gray-900 dark:ring-1 dark:ring-gray-700',
          className,
        )}
      >
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          {({ close }) => (
            <>
              <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-5 py-4 dark:border-gray-700">
                <Heading slot="title" className="text-xl font-bold text-gray-950 dark:text-white">
                  {title}
                </Heading>
                {isClosable && (
                  <Button
                    onPress={close}
                    aria-label={t('actions.close')}
                    className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-300 dark:hover:bg-gray-800"
                  >
                    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                    </svg>
                  </Button>
                )}
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
