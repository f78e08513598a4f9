import { z } from 'zod';
import { isCalendarDate } from './rules/calendar-date';

/** Every error the API returns: a stable code from the spec's catalogue and a Swedish message. */
export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  /** On 400: the failing fields, each with a Swedish message. */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** Error codes: the spec's status texts plus the generic ones. Swedish texts: locales/sv/errors.json. */
export const ERROR_CODES = [
  'ValidationError',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'RateLimited',
  'TooManyLiveStreams',
  'InternalError',
  /** 503: the database ended the call's transaction in a conflict with another; sent again, it goes through. */
  'Busy',
  'InvalidCredentials',
  'InvalidToken',
  'RequiresCompany',
  'CompanyNotFound',
  'CompanyInactive',
  'LinkNotValid',
  'TokenNotValid',
  'PasswordTooWeak',
  'PasswordMismatch',
  'WrongCurrentPassword',
  'EmailTaken',
  'PageNotFound',
  'NoOrderToConfirm',
  'InventoryListNotFound',
  'OrderDocumentNotFound',
  'PurchaseListNotFound',
  'IdempotencyKeyReused',
  'ProductNotFound',
  'CategoryNotFound',
  'ArticleAlreadyInList',
  'ArticleNumberTaken',
  'InvalidSearchKey',
  'StoryNotFound',
  'ClientIdTaken',
  'PurchaseListItemNotFound',
  'CaptchaFailed',
  'FormSubmissionFailed',
  'CustomerNotFound',
  'LastAdministrator',
  'CustomerManagedElsewhere',
  /** A notice, not an error: a quantity rounded to whole units (sent in an answer's `messages`). */
  'QuantityRounded',
  'CartItemNotFound',
  'CartFull',
  'CartEmpty',
  'UnknownProduct',
  'NoDeliveryDate',
  'DeliveryDateNotAvailable',
  'DeliveryDateMoved',
  'DeliveryDeadlinePassed',
  'NoDeliveryRoutes',
  'CompanyHasNoUsers',
  'ProductDiscontinued',
  'ProductDiscontinuedWithReplacement',
  'ProductExpired',
  'ProductExpiredWithReplacement',
  'ReorderSkipped',
  'OrderNotCreated',
  'InventoryListItemNotFound',
  'CompanyProductNotFound',
  'UnknownAccount',
  /** A walking order names an item of another zone. */
  'ItemNotInZone',
  'UnknownZone',
  /** A change to a closed inventory list (its items, counts or the list itself): 409 until it is reopened. */
  'InventoryListClosed',
  /** A close made on a phone before a reopening of the list it had not seen (decision 0062): 409, the list stays open. */
  'InventoryListReopened',
  /** A change of a sync batch that names a change of the same batch which was refused (decision 0067). */
  'DependencyRefused',
  /** A sync batch names a call the batch does not carry (only the offline engine's changes go through it). */
  'NotSyncable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const okResponse = z.object({ ok: z.literal(true) });

// ── Text a client sends ─────────────────────────────────────────────────────────────────────────────────────────
// Control characters (Unicode Cc: C0, DEL and C1) are nothing a person types into a field: PostgreSQL refuses a NUL
// in text outright (a 500 before this rule), and the others only garble names, logs, mails and exports. Tab, line
// feed and carriage return belong to multi-line text (a message typed into a text area), and only there. The same
// predicate guards every request at the server's edge (server/plugins/clean-input.ts, decision 0049).

const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/** True when the text holds a control character; `multiline` lets tab, LF and CR through. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTER_BUT_LINE_BREAKS : CONTROL_CHARACTER).test(value);
}

/** Every one-line text field of a request (names, codes, ids in paths, queries): no control characters at all. */
export const plainText = z
  .string()
  .refine((v) => !hasControlCharacters(v), { message: 'validation.controlCharacters' });

/** Multi-line text (a message typed into a text area): tab and line breaks allowed, other control characters not. */
export const multilineText = z
  .string()
  .refine((v) => !hasControlCharacters(v, { multiline: true }), { message: 'validation.controlCharacters' });

export const email = plainText
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'validation.email' }));

// ── Dates ───────────────────────────────────────────────────────────────────────────────────────────────────────

export { isCalendarDate };

/** ISO date-time string on the wire (answers). */
export const isoDateTime = z.string();
/** ISO calendar date (yyyy-MM-dd) that exists; every date field of the contract, asked or answered, is one. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date', abort: true }) // the format, for the OpenAPI document
  .refine(isCalendarDate, { message: 'validation.date' });
/** An instant a device sends (ISO 8601 with offset) on a real calendar day; no person types it, so 'invalid'. */
export const isoInstant = z.iso
  .datetime({ offset: true, message: 'validation.invalid', abort: true })
  .refine((v) => isCalendarDate(v.slice(0, 10)), { message: 'validation.invalid' });

export const companyCodeParam = z.object({ companyCode: plainText.min(1).max(32) });

/**
 * The bot-protection proof a form sends: an ALTCHA payload (base64 JSON of the solved challenge) or a reCAPTCHA
 * token, depending on the server's provider (GET /v1/captcha/config). Optional in the schema so that a missing proof
 * answers 400 CaptchaFailed, like a wrong, expired or already used one.
 */
export const captchaField = plainText.max(20_000).optional();

/** A page of rows as the paged calls answer it (SPEC §7's company list shape): data, totalRecords, currentPage, totalPages. */
export function paged<Row extends z.ZodType>(row: Row) {
  return z.object({
    data: z.array(row),
    totalRecords: z.number().int(),
    currentPage: z.number().int(),
    totalPages: z.number().int(),
  });
}

/** `page` (from 1) and `pageSize` (1 … max, default given) of a paged call's query string. */
export function pageQuery(defaultSize: number, maxSize: number) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  };
}
