import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MirrorList } from '../../../offline';
import { toast } from '../../../ui/toast-queue';
import { changeErrorText, changeList } from '../changes';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { RenameDialog } from './RenameDialog';

export type ListDialog = 'rename' | 'delete' | 'reset';

/** The dialogs of a list's actions (rename, delete, reset), opened by `open('rename')` etc. */
export function useListDialogs(list: MirrorList, options: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation('purchase-lists');
  const [dialog, setDialog] = useState<ListDialog | null>(null);
  const openChange = (which: ListDialog) => (isOpen: boolean) => setDialog(isOpen ? which : null);

  const run = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      toast.success(done, { id: 'purchase-list' });
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'purchase-list' });
    }
  };

  const dialogs = (
    <>
      <RenameDialog
        listId={list.id}
        name={list.name}
        isOpen={dialog === 'rename'}
        onOpenChange={openChange('rename')}
      />
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        onOpenChange={openChange('delete')}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('cancel')}
        onConfirm={async () => {
          await run(() => changeList({ type: 'deleteList', listId: list.id }), t('delete.done', { name: list.name }));
          options.onDeleted?.();
        }}
      >
        <p>{t('delete.text', { name: list.name, count: list.itemCount })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={dialog === 'reset'}
        onOpenChange={openChange('reset')}
        title={t('reset.title')}
        confirmLabel={t('reset.confirm')}
        cancelLabel={t('cancel')}
        tone="primary"
        onConfirm={() => run(() => changeList({ type: 'resetList', listId: list.id }), t('reset.done'))}
      >
        <p>{t('reset.text', { count: list.itemCount })}</p>
      </ConfirmDialog>
    </>
  );

  return { open: setDialog, dialogs };
}
