import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';

export interface CheckoutFailure {
  code: string;
  /** The Swedish text (SPEC §8): the server's own message when it names something (a date, a product). */
  message: string;
  /** One line per blocked cart line (`items.{lineNumber}`), with the product named. */
  lines: string[];
  /** No answer came: the same attempt (same Idempotency-Key) may be sent again. */
  noAnswer: boolean;
}

/** Codes whose text the server fills in (dates, products): its message is shown as it is. */
const FILLED_BY_SERVER = new Set([
  'DeliveryDeadlinePassed',
  'DeliveryDateMoved',
  'ProductDiscontinued',
  'ProductDiscontinuedWithReplacement',
  'ProductExpired',
  'ProductExpiredWithReplacement',
  'UnknownProduct',
]);

/** Every checkout error of SPEC §8 as its Swedish text (errors.json), with the blocked lines listed. */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (!isApiError(error)) return { code: 'Unknown', message: errorMessage(error), lines: [], noAnswer: false };
  const message = FILLED_BY_SERVER.has(error.code) && error.serverMessage ? error.serverMessage : errorMessage(error);
  const lines = error.fields.filter((f) => f.path.startsWith('items.')).map((f) => f.message);
  return { code: error.code, message, lines, noAnswer: error.isNetworkError };
}
