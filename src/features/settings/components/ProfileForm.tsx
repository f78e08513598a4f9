import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { updateCurrentUserBody, type CurrentUser } from '../../../../contract/customer';
import { isApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { currentUserKey } from '../../../api/queries/customer';
import { updateCurrentUser } from '../../../api/queries/settings';
import { useForm } from '../../../lib/forms/use-form';
import { useAutoFocus } from '../../../lib/use-auto-focus';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { SettingsSection } from './SettingsSection';

/** Name, e-mail and phone (PUT /v1/customer/). */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const firstRef = useRef<HTMLInputElement>(null);
  useAutoFocus(firstRef);

  const form = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? '' },
    schema: updateCurrentUserBody,
    required: ['firstName', 'lastName', 'email'],
    onSubmit: async (values) => {
      try {
        const saved = await updateCurrentUser({ ...values, scannerSound: user.scannerSound });
        queryClient.setQueryData(currentUserKey, saved);
        toast.success(t('profile.saved'), { id: 'customer_updated' });
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
    <SettingsSection heading={t('profile.heading')} headingId="settings-profile">
      <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...form.field('firstName')}
            label={t('profile.firstName')}
            autoComplete="given-name"
            inputRef={firstRef}
            isRequired
          />
          <TextField {...form.field('lastName')} label={t('profile.lastName')} autoComplete="family-name" isRequired />
        </div>
        <TextField
          {...form.field('email')}
          label={t('profile.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          isRequired
        />
        <TextField
          {...form.field('phone')}
          label={t('profile.phone')}
          description={t('profile.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
        />
        <Button type="submit" isPending={form.isSubmitting} className="self-start">
          {t('profile.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
