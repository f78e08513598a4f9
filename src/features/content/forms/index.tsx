import type { FormWrapperBlok } from '../../../../contract/content-bloks';
import { ContactForm } from './ContactForm';
import { NewsletterForm } from './NewsletterForm';

export interface ContentFormProps {
  /** Which of the app's forms the FormWrapper block frames. */
  form: FormWrapperBlok['form'];
  /** The text to show once the form has been sent (the block's success_message; the form's own text when empty). */
  successMessage?: string;
}

/** The app's own forms inside content pages: the contact form and the newsletter sign-up, both bot-protected. */
export function ContentForm({ form, successMessage }: ContentFormProps) {
  return form === 'contact' ? (
    <ContactForm successMessage={successMessage} />
  ) : (
    <NewsletterForm successMessage={successMessage} />
  );
}
