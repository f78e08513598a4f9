import type { CartItem, CartMessage, CartMessageCode } from '../../../contract/cart';
import { AppError } from '../../lib/errors';
import { errorText, validationText } from '../../lib/i18n';

/** A Swedish text with its {{placeholders}} filled in. */
export function fillText(code: string, values: Record<string, string | number>): string {
  return errorText(code).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** A notice of the cart's answer, about one line when `line` is given. */
export function message(
  code: CartMessageCode,
  severity: CartMessage['severity'],
  values: Record<string, string | number> = {},
  line?: { productId: string; lineNumber: number },
): CartMessage {
  return {
    code,
    severity,
    message: fillText(code, values),
    ...(line ? { productId: line.productId, lineNumber: line.lineNumber } : {}),
  };
}

/** Why a line cannot be ordered (discontinued or expired), as its message; null when it can. */
export function blockedLine(item: CartItem): CartMessage | null {
  const p = item.product;
  if (!p.discontinued && !p.expired) return null;
  const base = p.discontinued ? 'ProductDiscontinued' : 'ProductExpired';
  const code = (p.replacement ? `${base}WithReplacement` : base) as CartMessageCode;
  return message(
    code,
    'warning',
    { name: p.name, replacement: p.replacement ? `${p.replacement.name} (${p.replacement.sku})` : '' },
    item,
  );
}

/** A quantity above CART_MAX_QUANTITY, as the validation error of the body field at `path`. */
export function tooBig(path: string): AppError {
  return new AppError(400, 'ValidationError', undefined, [{ path, message: validationText('validation.tooBig')! }]);
}
