import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { renamePurchaseListBody } from '../../../../contract/purchase-lists';
import { useForm } from '../../../lib/forms/use-form';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { changeErrorText, changeList, fieldErrorOf } from '../changes';

interface CreateListFormProps {
  companyCode: string;
  /** Full name of the user, shown as the creator until the server answers. */
  createdBy: string | null;
}

/** "Ny inköpslista": a required name; the list is made on the device at once and opened. */
export function CreateListForm({ companyCode, createdBy }: CreateListFormProps) {
  const { t } = useTranslation('purchase-lists');
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { name: '' },
    schema: renamePurchaseListBody,
    required: ['name'],
    onSubmit: async ({ name }) => {
      try {
        const result = await changeList({ type: 'createList', companyCode, name, createdBy });
        toast.success(t('create.created', { name }), { id: 'purchase-list' });
        await navigate(`${paths.purchaseLists}/${result.id}`);
      } catch (error) {
        const field = fieldErrorOf(error, 'name');
        if (field) form.showServerFieldErrors([{ path: 'name', message: field }]);
        else form.setFormError(changeErrorText(error));
      }
    },
  });

  return (
    <section
      aria-labelledby="create-list-heading"
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id="create-list-heading" className="text-lg font-bold text-gray-950 dark:text-white">
        {t('create.heading')}
      </h2>
      <form noValidate onSubmit={form.handleSubmit} className="mt-4 flex flex-col gap-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField
          {...form.field('name')}
          label={t('create.name')}
          description={t('create.hint')}
          autoComplete="off"
          maxLength={100}
          isRequired
        />
        <Button type="submit" isPending={form.isSubmitting} className="self-start">
          {t('create.submit')}
        </Button>
      </form>
    </section>
  );
}
