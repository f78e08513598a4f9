import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { newPasswordPair } from '../../../contract/password';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { resetPassword } from '../../api/queries/auth';
import { useForm } from '../../lib/forms/use-form';
import { paths } from '../../lib/paths';
import { useAutoFocus } from '../../lib/use-auto-focus';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Link, LinkButton } from '../../ui/Link';
import { PasswordField } from '../../ui/PasswordField';
import { AuthCard } from './components/AuthCard';
import { PasswordRules } from '../../ui/PasswordRules';

/** Codes that mean the link itself is spent or wrong: the user needs a new one. */
const LINK_ERRORS = new Set(['InvalidToken', 'LinkNotValid', 'TokenNotValid']);

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(token ? null : t('reset.missingToken'));
  const passwordRef = useRef<HTMLInputElement>(null);
  const rulesId = useId();
  useAutoFocus(passwordRef, !done && !linkError);

  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    schema: newPasswordPair,
    required: ['password', 'confirmPassword'],
    onSubmit: async (values) => {
      try {
        await resetPassword({ token, ...values });
        setDone(true);
      } catch (error) {
        if (isApiError(error) && LINK_ERRORS.has(error.code)) {
          setLinkError(errorMessage(error));
          return;
        }
        if (
          isApiError(error) &&
          error.fields.some((f) => f.path !== 'token') &&
          form.showServerFieldErrors(error.fields)
        ) {
          return;
        }
        form.setFormError(errorMessage(error));
      }
    },
  });

  if (done) {
    return (
      <AuthCard heading={t('reset.doneHeading')} step="done">
        <p role="status" className="text-gray-800 dark:text-gray-200">
          {t('reset.done')}
        </p>
        <LinkButton href={paths.login} size="lg" className="mt-6 w-full">
          {t('reset.toLogin')}
        </LinkButton>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      heading={t('reset.heading')}
      lead={linkError ? undefined : t('reset.lead')}
      step={linkError ? 'link' : 'form'}
    >
      {linkError ? (
        <div className="flex flex-col gap-5">
          <Alert tone="error">{linkError}</Alert>
          <LinkButton href={paths.forgotPassword} size="lg">
            {t('reset.requestNew')}
          </LinkButton>
          <Link href={paths.login} className="self-start">
            {t('reset.toLogin')}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <PasswordField
            {...form.field('password')}
            label={t('reset.password')}
            autoComplete="new-password"
            inputRef={passwordRef}
            aria-describedby={rulesId}
            isRequired
          />
          <PasswordRules id={rulesId} password={form.values.password} />
          <PasswordField
            {...form.field('confirmPassword')}
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            isRequired
          />
          <Button type="submit" size="lg" isPending={form.isSubmitting}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
