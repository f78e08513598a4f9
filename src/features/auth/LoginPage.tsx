import { useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginBody } from '../../../contract/auth';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { login } from '../../api/queries/auth';
import { config } from '../../lib/config';
import { useForm } from '../../lib/forms/use-form';
import { AFTER_LOGIN_PATH, paths } from '../../lib/paths';
import { useAutoFocus } from '../../lib/use-auto-focus';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { AuthCard } from './components/AuthCard';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const emailRef = useRef<HTMLInputElement>(null);
  useAutoFocus(emailRef);
  const email = config().customerServiceEmail;

  const form = useForm({
    initialValues: { email: '', password: '' },
    schema: loginBody,
    required: ['email', 'password'],
    onSubmit: async (values) => {
      try {
        await login(values);
        await navigate(AFTER_LOGIN_PATH, { replace: true });
      } catch (error) {
        if (isApiError(error) && error.fields.length > 0 && form.showServerFieldErrors(error.fields)) return;
        form.setFormError(errorMessage(error));
      }
    },
  });

  return (
    <AuthCard heading={t('login.heading')} lead={t('login.lead')}>
      <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField
          {...form.field('email')}
          label={t('login.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          inputRef={emailRef}
          isRequired
        />
        <PasswordField
          {...form.field('password')}
          label={t('login.password')}
          autoComplete="current-password"
          isRequired
        />
        <Button type="submit" size="lg" isPending={form.isSubmitting}>
          {t('login.submit')}
        </Button>
        <Link href={paths.forgotPassword} className="self-start">
          {t('login.forgot')}
        </Link>
      </form>
      <p className="mt-6 border-t border-gray-200 pt-5 text-sm text-gray-700 dark:border-gray-700 dark:text-gray-300">
        <Trans t={t} i18nKey="login.noAccount" values={{ email }}>
          Kontakta kundservice på <Link href={`mailto:${email}`}>{email}</Link>.
        </Trans>
      </p>
    </AuthCard>
  );
}
