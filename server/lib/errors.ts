import type { ErrorCode } from '../../contract/common';
import { errorText } from './i18n';

/** An error with an HTTP status, a code from the spec's catalogue and its Swedish text. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: { path: string; message: string }[],
  ) {
    super(message ?? errorText(code));
  }
}

export const badRequest = (code: ErrorCode, fields?: { path: string; message: string }[]) =>
  new AppError(400, code, undefined, fields);
export const unauthorized = (code: ErrorCode = 'Unauthorized') => new AppError(401, code);
export const forbidden = (code: ErrorCode = 'Forbidden') => new AppError(403, code);
export const notFound = (code: ErrorCode = 'NotFound') => new AppError(404, code);
export const conflict = (code: ErrorCode) => new AppError(409, code);
export const gone = (code: ErrorCode) => new AppError(410, code);
