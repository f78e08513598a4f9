import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactBody, type ContactTokenResponse } from '../../../../contract/contact';
import { fetchContactToken, sendContactMessage } from '../../../api/queries/contact';
import { useForm } from '../../../lib/forms/use-form';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { CaptchaField, type CaptchaHandle } from '../../../ui/captcha/CaptchaField';
import { TextField } from '../../../ui/TextField';
import { SentMessage } from './SentMessage';
import { submitProblem } from './submit-errors';
import { TextAreaField } from './TextAreaField';

const schema = contactBody.omit({ captcha: true });
/** A token this close to its end is replaced before sending. */
const TOKEN_MARGIN_MS = 60_000;

/** The contact form (SPEC §7: GET /v1/contact-us/token, then POST /v1/contact-us with it as Bearer). */
export function ContactForm({ successMessage }: { successMessage?: string }) {
  const { t } = useTranslation('site');
  const captcha = useRef<CaptchaHandle>(null);
  const token = useRef<Promise<ContactTokenResponse> | null>(null);
  const [captchaError, setCaptchaError] = useState<string>();
  const [sent, setSent] = useState(false);

  const freshToken = useCallback(() => {
    token.current = fetchContactToken();
    token.current.catch(() => (token.current = null));
    return token.current;
  }, []);

  useEffect(() => {
    void freshToken().catch(() => undefined);
  }, [freshToken]);

  const usableToken = async () => {
    const current = await (token.current ?? freshToken()).catch(() => freshToken());
    return new Date(current.validTo).getTime() - Date.now() > TOKEN_MARGIN_MS ? current : freshToken();
  };

  const form = useForm({
    initialValues: { name: '', company: '', email: '', phone: '', subject: '', message: '' },
    schema,
    required: ['name', 'company', 'email', 'subject', 'message'],
    onSubmit: async (values) => {
      setCaptchaError(undefined);
      try {
        const [{ token: bearer }, proof] = await Promise.all([usableToken(), captcha.current!.proof()]);
        await sendContactMessage(bearer, { ...values, phone: values.phone || undefined, captcha: proof });
        token.current = null;
        setSent(true);
      } catch (error) {
        const problem = submitProblem(error);
        if (problem.kind === 'captcha') setCaptchaError(problem.message);
        else if (problem.kind === 'fields' && form.showServerFieldErrors(problem.fields)) form.setFormError(null);
        else form.setFormError(problem.message);
        if (problem.kind === 'form' && problem.newToken) void freshToken().catch(() => undefined);
      } finally {
        captcha.current?.reset();
      }
    },
  });

  if (sent) {
    return (
      <SentMessage heading={t('contact.sentHeading')} again={t('contact.again')} onAgain={() => setSent(false)}>
        <p>{successMessage ?? t('contact.sent')}</p>
      </SentMessage>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit} aria-label={t('contact.label')} className="flex flex-col gap-5">
      <p className="text-sm text-gray-600 dark:text-gray-300">{t('form.requiredHint')}</p>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...form.field('name')} label={`${t('contact.name')} *`} autoComplete="name" isRequired />
        <TextField
          {...form.field('company')}
          label={`${t('contact.company')} *`}
          autoComplete="organization"
          isRequired
        />
        <TextField
          {...form.field('email')}
          label={`${t('contact.email')} *`}
          type="email"
          inputMode="email"
          autoComplete="email"
          isRequired
        />
        <TextField
          {...form.field('phone')}
          label={t('contact.phone')}
          description={t('contact.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
        />
      </div>
      <TextField {...form.field('subject')} label={`${t('contact.subject')} *`} isRequired />
      <TextAreaField {...form.field('message')} label={`${t('contact.message')} *`} isRequired />
      <CaptchaField ref={captcha} action="contact" errorMessage={captchaError} />
      <Button type="submit" size="lg" className="self-start" isPending={form.isSubmitting}>
        {t('contact.submit')}
      </Button>
    </form>
  );
}
