import { z } from 'zod';

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
  'InternalError',
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
  'UnknownZone',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const okResponse = z.object({ ok: z.literal(true) });

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'validation.email' }));

/** ISO date-time string on the wire. */
export const isoDateTime = z.string();
/** ISO calendar date (yyyy-MM-dd). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });

export const companyCodeParam = z.object({ companyCode: z.string().min(1).max(32) });

/**
 * The bot-protection proof a form sends: an ALTCHA payload (base64 JSON of the solved challenge) or a reCAPTCHA
 * token, depending on the server's provider (GET /v1/captcha/config). Optional in the schema so that a missing proof
 * answers 400 CaptchaFailed, like a wrong, expired or already used one.
 */
export const captchaField = z.string().max(20_000).optional();

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
