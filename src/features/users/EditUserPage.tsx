import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CustomerDetail } from '../../../contract/customer';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { customerDetailQuery, updateCustomer, usersKey } from '../../api/queries/users';
import { useForm } from '../../lib/forms/use-form';
import { paths } from '../../lib/paths';
import { useAutoFocus } from '../../lib/use-auto-focus';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { LinkButton } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';
import { CompaniesSection } from './components/CompaniesSection';
import { UserFields } from './components/UserFields';
import { userFormSchema, userFormValues } from './user-form';

/** /profil/hantera-anvandare/redigera-anvandare/:id — a user's details and roles, and the companies they belong to. */
export function EditUserPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const user = useQuery(customerDetailQuery(id));
  const name = user.data ? `${user.data.firstName} ${user.data.lastName}`.trim() : '';

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">
        {name ? t('editPage.heading', { name }) : t('editPage.headingFallback')}
      </h1>
      {user.isError ? (
        <div className="mt-8 flex flex-col items-start gap-5">
          <Alert tone="error">
            {isApiError(user.error) && [400, 403, 404].includes(user.error.status)
              ? t('editPage.notFound')
              : errorMessage(user.error)}
          </Alert>
          <LinkButton href={paths.manageUsers} variant="secondary">
            {t('editPage.backToList')}
          </LinkButton>
        </div>
      ) : !user.data ? (
        <div className="mt-10 flex justify-center text-primary-700 dark:text-primary-300">
          <Spinner className="size-8" label={t('loading')} />
        </div>
      ) : (
        <>
          {user.data.status === 'pending' && (
            <Alert tone="info" live={false} className="mt-6" title={t('editPage.pending')}>
              {!user.data.managedElsewhere && t('editPage.pendingEmail')}
            </Alert>
          )}
          {user.data.managedElsewhere && (
            <Alert tone="warning" live={false} className="mt-6">
              {t('editPage.managedElsewhere')}
            </Alert>
          )}
          <EditUserForm key={user.data.id} user={user.data} />
          <CompaniesSection user={user.data} />
        </>
      )}
    </div>
  );
}

function EditUserForm({ user }: { user: CustomerDetail }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const firstRef = useRef<HTMLInputElement>(null);
  useAutoFocus(firstRef);

  const form = useForm({
    initialValues: userFormValues(user),
    schema: userFormSchema,
    required: ['firstName', 'lastName', 'email'],
    onSubmit: async (values) => {
      try {
        const saved = await updateCustomer(user.id, values);
        queryClient.setQueryData(customerDetailQuery(user.id).queryKey, saved);
        await queryClient.invalidateQueries({ queryKey: usersKey });
        toast.success(t('editPage.saved'), { id: 'user_updated' });
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
    <section
      aria-labelledby="user-details"
      className="mt-8 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id="user-details" className="text-lg font-bold text-gray-950 dark:text-white">
        {t('editPage.details')}
      </h2>
      <form noValidate onSubmit={form.handleSubmit} className="mt-4 flex flex-col gap-5">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <UserFields field={form.field} firstFieldRef={firstRef} lockIdentity={user.managedElsewhere} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <LinkButton href={paths.manageUsers} variant="secondary" size="lg">
            {t('editPage.backToList')}
          </LinkButton>
          <Button type="submit" size="lg" isPending={form.isSubmitting}>
            {t('editPage.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
