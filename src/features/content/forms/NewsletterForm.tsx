import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsletterSubscribeBody } from '../../../../contract/newsletter';
import { subscribeToNewsletter } from '../../../api/queries/newsletter';
import { useForm } from '../../../lib/forms/use-form';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { CaptchaField, type CaptchaHandle } from '../../../ui/captcha/CaptchaField';
import { TextField } from '../../../ui/TextField';
import { SentMessage } from './SentMessage';
import { submitProblem } from './submit-errors';

const schema = newsletterSubscribeBody.omit({ captcha: true });

/** The newsletter sign-up (double opt-in: the answer asks to confirm through the mailed link). */
export function NewsletterForm({ successMessage }: { successMessage?: string }) {
  const { t } = useTranslation('site');
  const captcha = useRef<CaptchaHandle>(null);
  const [captchaError, setCaptchaError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useForm({
    initialValues: { email: '' },
    schema,
    required: ['email'],
    onSubmit: async (values) => {
      setCaptchaError(undefined);
      try {
        await subscribeToNewsletter({ email: values.email, captcha: await captcha.current!.proof() });
        setSentTo(values.email);
      } catch (error) {
        const problem = submitProblem(error);
        if (problem.kind === 'captcha') setCaptchaError(problem.message);
        else if (problem.kind === 'fields' && form.showServerFieldErrors(problem.fields)) form.setFormError(null);
        else form.setFormError(problem.message);
      } finally {
        captcha.current?.reset();
      }
    },
  });

  if (sentTo !== null) {
    return (
      <SentMessage heading={t('newsletter.sentHeading')} again={t('newsletter.again')} onAgain={() => setSentTo(null)}>
        <p>{successMessage ?? t('newsletter.sent', { email: sentTo })}</p>
        <p className="text-sm">{t('newsletter.spamHint')}</p>
      </SentMessage>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit} aria-label={t('newsletter.label')} className="flex flex-col gap-5">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <TextField
        {...form.field('email')}
        label={t('newsletter.email')}
        description={t('newsletter.hint')}
        type="email"
        inputMode="email"
        autoComplete="email"
        isRequired
      />
      <CaptchaField ref={captcha} action="newsletter" errorMessage={captchaError} />
      <Button type="submit" size="lg" className="self-start" isPending={form.isSubmitting}>
        {t('newsletter.submit')}
      </Button>
    </form>
  );
}
