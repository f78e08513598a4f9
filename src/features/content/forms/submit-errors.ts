import { isApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { CaptchaUnavailableError } from '../../../ui/captcha/CaptchaField';

export type SubmitProblem =
  | { kind: 'captcha'; message: string }
  | { kind: 'fields'; fields: { path: string; message: string }[]; message: string }
  | { kind: 'form'; message: string; newToken?: boolean };

/** Sorts a failed submission: where the message goes (captcha, the fields, the form) and what to do next. */
export function submitProblem(error: unknown): SubmitProblem {
  if (error instanceof CaptchaUnavailableError) return { kind: 'captcha', message: error.message };
  if (isApiError(error)) {
    if (error.code === 'CaptchaFailed') return { kind: 'captcha', message: errorMessage(error) };
    if (error.code === 'ValidationError' && error.fields.length > 0)
      return { kind: 'fields', fields: error.fields, message: errorMessage(error) };
    if (error.code === 'FormSubmissionFailed') return { kind: 'form', message: errorMessage(error), newToken: true };
  }
  return { kind: 'form', message: errorMessage(error) };
}
