import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailChange, profileBodyFor, type CurrentUser } from '../../../../contract/customer';
import { isApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { currentUserKey } from '../../../api/queries/customer';
import { updateCurrentUser } from '../../../api/queries/settings';
import { useForm } from '../../../lib/forms/use-form';
import { useAutoFocus } from '../../../lib/use-auto-focus';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { SettingsSection } from './SettingsSection';

/**
 * Name, e-mail and phone (PUT /v1/customer/). A new e-mail address needs the current password: its field appears
 * right after the address once that differs from the saved one, and is sent only then.
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const firstRef = useRef<HTMLInputElement>(null);
  useAutoFocus(firstRef);
  const schema = useMemo(() => profileBodyFor(user.email), [user.email]);

  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      currentPassword: '',
      phone: user.phone ?? '',
    },
    schema,
    required: ['firstName', 'lastName', 'email'],
    onSubmit: async ({ currentPassword, ...values }) => {
      try {
        const saved = await updateCurrentUser({
          ...values,
          ...(isEmailChange(user.email, values.email) ? { currentPassword } : {}),
          scannerSound: user.scannerSound,
        });
        queryClient.setQueryData(currentUserKey, saved);
        form.setValue('currentPassword', '');
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

  const emailChanged = isEmailChange(user.email, form.values.email);

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
        {/* Told as it appears: the field is next in the tab order, and its label says why it is there. */}
        <p aria-live="polite" className="sr-only">
          {emailChanged ? t('profile.passwordNeeded') : ''}
        </p>
        {emailChanged && (
          <PasswordField
            {...form.field('currentPassword')}
            label={t('profile.currentPassword')}
            description={t('profile.passwordNeeded')}
            autoComplete="current-password"
            isRequired
          />
        )}
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
