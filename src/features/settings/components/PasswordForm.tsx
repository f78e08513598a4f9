import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordBody, type CurrentUser } from '../../../../contract/customer';
import { isApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { changePassword } from '../../../api/queries/settings';
import { useForm } from '../../../lib/forms/use-form';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { toast } from '../../../ui/toast-queue';
import { PasswordRules } from '../../../ui/PasswordRules';
import { SettingsSection } from './SettingsSection';

/** Current password and a new one with the live rules (PUT /v1/customer/password). Other devices are logged out. */
export function PasswordForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  // A new form after a change: the fields empty and no errors left over.
  const [round, setRound] = useState(0);
  return (
    <SettingsSection heading={t('password.heading')} headingId="settings-password" lead={t('password.lead')}>
      <PasswordFields key={round} email={user.email} onChanged={() => setRound((r) => r + 1)} />
    </SettingsSection>
  );
}

function PasswordFields({ email, onChanged }: { email: string; onChanged: () => void }) {
  const { t } = useTranslation('settings');
  const rulesId = useId();
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    schema: changePasswordBody,
    required: ['currentPassword', 'password', 'confirmPassword'],
    onSubmit: async (values) => {
      try {
        await changePassword(values);
        toast.success(t('password.saved'), { id: 'password_changed' });
        onChanged();
      } catch (error) {
        if (isApiError(error) && error.fields.length > 0 && form.showServerFieldErrors(error.fields)) return;
        form.setFormError(errorMessage(error));
      }
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      {/* Lets password managers store the new password with the right account. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <PasswordField
        {...form.field('currentPassword')}
        label={t('password.current')}
        autoComplete="current-password"
        isRequired
      />
      <PasswordField
        {...form.field('password')}
        label={t('password.new')}
        autoComplete="new-password"
        aria-describedby={rulesId}
        isRequired
      />
      <PasswordRules id={rulesId} password={form.values.password} />
      <PasswordField
        {...form.field('confirmPassword')}
        label={t('password.confirm')}
        autoComplete="new-password"
        isRequired
      />
      <Button type="submit" isPending={form.isSubmitting} className="self-start">
        {t('password.submit')}
      </Button>
    </form>
  );
}
