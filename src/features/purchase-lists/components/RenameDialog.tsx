import { useTranslation } from 'react-i18next';
import { renamePurchaseListBody } from '../../../../contract/purchase-lists';
import { useForm } from '../../../lib/forms/use-form';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { changeErrorText, changeList, fieldErrorOf } from '../changes';

interface RenameDialogProps {
  listId: string;
  name: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export function RenameDialog({ isOpen, onOpenChange, ...props }: RenameDialogProps) {
  const { t } = useTranslation('purchase-lists');
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={t('rename.title')}>
      {/* Mounted only while open, so the field starts from the current name every time. */}
      {isOpen && <RenameForm {...props} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function RenameForm({ listId, name, onDone }: { listId: string; name: string; onDone: () => void }) {
  const { t } = useTranslation('purchase-lists');
  const form = useForm({
    initialValues: { name },
    schema: renamePurchaseListBody,
    required: ['name'],
    onSubmit: async (values) => {
      try {
        if (values.name !== name) {
          await changeList({ type: 'renameList', listId, name: values.name });
          toast.success(t('rename.done', { name: values.name }), { id: 'purchase-list' });
        }
        onDone();
      } catch (error) {
        const field = fieldErrorOf(error, 'name');
        if (field) form.showServerFieldErrors([{ path: 'name', message: field }]);
        else form.setFormError(changeErrorText(error));
      }
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <TextField
        {...form.field('name')}
        label={t('rename.name')}
        autoComplete="off"
        maxLength={100}
        isRequired
        autoFocus
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" isPending={form.isSubmitting}>
          {t('rename.submit')}
        </Button>
      </div>
    </form>
  );
}
