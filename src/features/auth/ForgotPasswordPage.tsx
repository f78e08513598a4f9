import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody } from '../../../contract/auth';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { forgotPassword } from '../../api/queries/auth';
import { useForm } from '../../lib/forms/use-form';
import { paths } from '../../lib/paths';
import { useAutoFocus } from '../../lib/use-auto-focus';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CaptchaField, CaptchaUnavailableError, type CaptchaHandle } from '../../ui/captcha/CaptchaField';
import { Link } from '../../ui/Link';
import { TextField } from '../../ui/TextField';
import { AuthCard } from './components/AuthCard';

/** Always the same answer after sending, whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const [captchaError, setCaptchaError] = useState<string>();
  useAutoFocus(emailRef, sentTo === null);

  const form = useForm({
    initialValues: { email: '' },
    schema: forgotPasswordBody,
    required: ['email'],
    onSubmit: async (values) => {
      setCaptchaError(undefined);
      try {
        await forgotPassword({ ...values, captcha: await captcha.current!.proof() });
      } catch (error) {
        if (error instanceof CaptchaUnavailableError || (isApiError(error) && error.code === 'CaptchaFailed')) {
          setCaptchaError(error instanceof CaptchaUnavailableError ? error.message : errorMessage(error));
          captcha.current?.reset();
          return;
        }
        // Only say something else when nothing was sent for certain: no answer, or too many attempts.
        if (isApiError(error) && (error.isNetworkError || error.code === 'RateLimited')) {
          form.setFormError(errorMessage(error));
          return;
        }
      }
      setSentTo(values.email);
    },
  });

  if (sentTo !== null) {
    return (
      <AuthCard heading={t('forgot.sentHeading')} step="sent">
        <div role="status" className="flex flex-col gap-3 text-gray-800 dark:text-gray-200">
          <p>{t('forgot.sent', { email: sentTo })}</p>
          <p className="font-medium">{t('forgot.spamHint')}</p>
        </div>
        <div className="mt-6 flex flex-wrap gap-x-6 gap-y-3">
          <Link href={paths.login}>{t('forgot.backToLogin')}</Link>
          <button
            type="button"
            onClick={() => setSentTo(null)}
            className="rounded-sm font-medium text-primary-700 underline decoration-primary-700/40 underline-offset-4 hover:decoration-current dark:text-primary-300"
          >
            {t('forgot.again')}
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard heading={t('forgot.heading')} lead={t('forgot.lead')} step="form">
      <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <TextField
          {...form.field('email')}
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          inputRef={emailRef}
          isRequired
        />
        <CaptchaField ref={captcha} action="forgot_password" errorMessage={captchaError} />
        <Button type="submit" size="lg" isPending={form.isSubmitting}>
          {t('forgot.submit')}
        </Button>
        <Link href={paths.login} className="self-start">
          {t('forgot.backToLogin')}
        </Link>
      </form>
    </AuthCard>
  );
}
