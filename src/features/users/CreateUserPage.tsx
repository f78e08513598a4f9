import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { createCustomer, usersKey } from '../../api/queries/users';
import { useCurrentCompany } from '../../api/session/hooks';
import { useForm } from '../../lib/forms/use-form';
import { paths } from '../../lib/paths';
import { useAutoFocus } from '../../lib/use-auto-focus';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { LinkButton } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';
import { CheckboxGroupField } from './components/CheckboxGroupField';
import { UserFields } from './components/UserFields';
import { useManagedCompanies, type ManagedCompany } from './use-managed-companies';
import { createUserFormSchema } from './user-form';

/** /profil/hantera-anvandare/skapa-anvandare — a new user in one or more of the administrator's companies. */
export function CreateUserPage() {
  const { t } = useTranslation('users');
  const current = useCurrentCompany();
  const { companies, isPending } = useManagedCompanies();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('createPage.heading')}</h1>
      <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">{t('createPage.lead')}</p>
      {isPending ? (
        <div className="mt-10 flex justify-center text-primary-700 dark:text-primary-300">
          <Spinner className="size-8" label={t('loading')} />
        </div>
      ) : companies.length === 0 ? (
        <Alert tone="info" title={t('noCompany.title')} className="mt-8">
          {t('noCompany.text')}
        </Alert>
      ) : (
        <CreateUserForm companies={companies} initialCompany={current.code ?? companies[0]?.code ?? ''} />
      )}
    </div>
  );
}

function CreateUserForm({ companies, initialCompany }: { companies: ManagedCompany[]; initialCompany: string }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const firstRef = useRef<HTMLInputElement>(null);
  useAutoFocus(firstRef);

  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      roles: 'Customer',
      companyCodes: initialCompany,
    },
    schema: createUserFormSchema,
    required: ['firstName', 'lastName', 'email'],
    onSubmit: async (values) => {
      try {
        const created = await createCustomer(values);
        await queryClient.invalidateQueries({ queryKey: usersKey });
        toast.success(t('createPage.created'), { description: t('createPage.createdText', { email: created.email }) });
        await navigate(paths.manageUsers);
      } catch (error) {
        if (isApiError(error) && error.fields.length > 0 && form.showServerFieldErrors(error.fields)) return;
        if (isApiError(error) && error.code === 'EmailTaken') {
          form.showServerFieldErrors([{ path: 'email', message: errorMessage(error) }]);
          return;
        }
        form.setFormError(errorMessage(error));
      }
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit}
      className="mt-8 flex flex-col gap-5 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900"
    >
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <UserFields field={form.field} firstFieldRef={firstRef} />
      <CheckboxGroupField
        {...form.field('companyCodes')}
        label={t('form.companies')}
        description={t('form.companiesHint')}
        options={companies.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <LinkButton href={paths.manageUsers} variant="secondary" size="lg">
          {t('form.cancel')}
        </LinkButton>
        <Button type="submit" size="lg" isPending={form.isSubmitting}>
          {t('createPage.submit')}
        </Button>
      </div>
    </form>
  );
}
