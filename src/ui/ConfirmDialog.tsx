import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Closes the dialog afterwards, unless it answers `false` (e.g. to show an error inside). */
  onConfirm: () => void | boolean | Promise<void | boolean>;
  tone?: 'danger' | 'primary';
}

/** Asks before something that cannot be undone; the safe choice comes first and has focus. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={title}>
      <div className="flex flex-col gap-3 text-gray-800 dark:text-gray-200">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={() => onOpenChange(false)} autoFocus>
          {cancelLabel}
        </Button>
        <Button
          variant={tone}
          onPress={async () => {
            if ((await onConfirm()) !== false) onOpenChange(false);
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
