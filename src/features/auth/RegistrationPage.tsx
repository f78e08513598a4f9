import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { VerifyRegistrationResponse } from '../../../contract/auth';
import { newPasswordPair } from '../../../contract/password';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { currentUserQuery } from '../../api/queries/customer';
import { confirmRegistration, registrationTokenQuery } from '../../api/queries/users';
import { session } from '../../api/session/session';
import { config } from '../../lib/config';
import { useForm } from '../../lib/forms/use-form';
import { AFTER_LOGIN_PATH, paths } from '../../lib/paths';
import { useAutoFocus } from '../../lib/use-auto-focus';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CaptchaField, CaptchaUnavailableError, type CaptchaHandle } from '../../ui/captcha/CaptchaField';
import { Link, LinkButton } from '../../ui/Link';
import { PasswordField } from '../../ui/PasswordField';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';
import { AuthCard } from './components/AuthCard';
import { PasswordRules } from '../../ui/PasswordRules';

/** Codes that mean the activation link itself is spent, expired or wrong. */
const LINK_ERRORS = new Set(['InvalidToken', 'LinkNotValid', 'TokenNotValid']);

/**
 * What a refused link says: a token the schema refuses (cut short, mistyped) answers ValidationError, whose
 * "Kontrollera de markerade fälten." means nothing on a page without fields; it is a broken link like the others.
 * `linkOnly`: the check of the link alone (no field of the form is in it).
 */
function linkErrorText(error: unknown, brokenLink: string, linkOnly: boolean): string | null {
  if (!isApiError(error)) return null;
  if (LINK_ERRORS.has(error.code)) return errorMessage(error);
  if (error.code === 'ValidationError' && (linkOnly || error.fields.some((f) => f.path === 'token'))) return brokenLink;
  return null;
}

/** How long the 'automatic login failed' notice stays; it explains why the user lands on the login page. */
const AUTO_LOGIN_FAILED_TIMEOUT_MS = 10_000;

/**
 * /login/email-registration?token=… — a user created by an administrator activates the account: the link is checked,
 * the user picks a password (rules shown live), is logged in at once and sees 'Registrering klar'. If the automatic
 * login fails, the user is told so and sent to the login page (SPEC §4, §8).
 */
export function RegistrationPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Someone already logged in on this device (say, the administrator testing the link): say who is replaced.
  const [signedInAs] = useState(() =>
    session.get() ? (queryClient.getQueryData(currentUserQuery().queryKey)?.email ?? '') : null,
  );
  const [phase, setPhase] = useState<'form' | 'activating' | 'done'>('form');
  const done = phase === 'done';
  const [linkError, setLinkError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const rulesId = useId();
  const captcha = useRef<CaptchaHandle>(null);
  const [captchaError, setCaptchaError] = useState<string>();

  // Checked once; not again while activating (the link is spent by then, and the caches are cleared).
  const verified = useQuery({ ...registrationTokenQuery(token), enabled: token.length > 0 && phase === 'form' });
  const account = useRef<VerifyRegistrationResponse | undefined>(undefined);
  if (verified.data) account.current = verified.data;
  const problem = !token
    ? t('registration.missingToken')
    : (linkError ??
      (verified.isError && phase === 'form'
        ? (linkErrorText(verified.error, t('registration.brokenLink'), true) ?? errorMessage(verified.error))
        : null));
  useAutoFocus(passwordRef, phase === 'form' && !problem && verified.isSuccess);

  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    schema: newPasswordPair,
    required: ['password', 'confirmPassword'],
    onSubmit: async (values) => {
      setCaptchaError(undefined);
      let response;
      try {
        // Waits for the bot-protection widget if it has not finished its proof yet.
        response = await confirmRegistration({ token, ...values, captcha: await captcha.current!.proof() });
      } catch (error) {
        // A proof is single use: the next attempt needs a new one.
        captcha.current?.reset();
        if (error instanceof CaptchaUnavailableError || (isApiError(error) && error.code === 'CaptchaFailed')) {
          setCaptchaError(error instanceof CaptchaUnavailableError ? error.message : errorMessage(error));
          return;
        }
        const refusedLink = linkErrorText(error, t('registration.brokenLink'), false);
        if (refusedLink) {
          setLinkError(refusedLink);
          return;
        }
        if (
          isApiError(error) &&
          error.fields.some((f) => f.path !== 'token' && f.path !== 'captcha') &&
          form.showServerFieldErrors(error.fields)
        ) {
          return;
        }
        form.setFormError(errorMessage(error));
        return;
      }
      // The account is active now. Log in with the answer, dropping whatever another account left in the caches.
      setPhase('activating');
      try {
        queryClient.clear();
        session.set(response);
        await queryClient.fetchQuery(currentUserQuery());
        setPhase('done');
      } catch {
        session.clear('renewalEmpty');
        toast.error(t('registration.autoLoginFailed'), { timeout: AUTO_LOGIN_FAILED_TIMEOUT_MS });
        await navigate(paths.login, { replace: true });
      }
    },
  });

  if (done) {
    return (
      <AuthCard heading={t('registration.doneHeading')} step="done">
        <p role="status" className="text-gray-800 dark:text-gray-200">
          {t('registration.done')}
        </p>
        <LinkButton href={AFTER_LOGIN_PATH} size="lg" className="mt-6 w-full">
          {t('registration.toProfile')}
        </LinkButton>
      </AuthCard>
    );
  }

  if (problem) {
    return (
      <AuthCard heading={t('registration.heading')} step="link">
        <div className="flex flex-col gap-5">
          <Alert tone="error">{problem}</Alert>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t('registration.linkProblem', { email: config().customerServiceEmail })}
          </p>
          <LinkButton href={paths.login} size="lg">
            {t('registration.toLogin')}
          </LinkButton>
        </div>
      </AuthCard>
    );
  }

  if (!account.current) {
    return (
      <AuthCard heading={t('registration.heading')} step="checking">
        <div className="flex justify-center py-6 text-primary-700 dark:text-primary-300">
          <Spinner className="size-8" label={t('registration.checking')} />
        </div>
      </AuthCard>
    );
  }

  const { email, firstName } = account.current;
  return (
    <AuthCard
      heading={t('registration.heading')}
      lead={firstName ? t('registration.lead', { name: firstName, email }) : t('registration.leadNoName', { email })}
      step="form"
    >
      <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
        {signedInAs !== null && (
          <Alert tone="info" live={false}>
            {t('registration.signedInAs', { email: signedInAs })}
          </Alert>
        )}
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {/* Lets password managers store the new password with the right account. */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <PasswordField
          {...form.field('password')}
          label={t('registration.password')}
          autoComplete="new-password"
          inputRef={passwordRef}
          aria-describedby={rulesId}
          isRequired
        />
        <PasswordRules id={rulesId} password={form.values.password} />
        <PasswordField
          {...form.field('confirmPassword')}
          label={t('registration.confirmPassword')}
          autoComplete="new-password"
          isRequired
        />
        <CaptchaField ref={captcha} action="registration" errorMessage={captchaError} />
        <Button type="submit" size="lg" isPending={form.isSubmitting}>
          {t('registration.submit')}
        </Button>
        <Link href={paths.login} className="self-start">
          {t('registration.toLogin')}
        </Link>
      </form>
    </AuthCard>
  );
}
