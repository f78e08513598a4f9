import errors from '../../locales/sv/errors.json' with { type: 'json' };
import { bundleNamespace, i18n } from '../lib/i18n';
import { isApiError } from './api-error';

// Read in plain code: the namespace comes with this module rather than with the app shell (decision 0044).
bundleNamespace('errors', errors);

/**
 * The Swedish text for an error: our own text for the API's code (locales/sv/errors.json), else the API's own
 * (Swedish) message, else 'Ett okänt fel inträffade.'.
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    const key = `errors:${error.code}`;
    if (i18n.exists(key)) return i18n.t(key as never);
    if (error.serverMessage) return error.serverMessage;
  }
  return i18n.t('errors:Unknown');
}
