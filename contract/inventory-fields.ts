/** The zod fields the inventory schemas share: ids in paths, numbers, quantities and clearable texts. */
import { z } from 'zod';
import { plainText } from './common';

export const required = { message: 'validation.required' };
export const companyCode = plainText.min(1).max(32);
/** Ids in paths: a malformed one answers 404 like an unknown one, not 400. */
export const pathId = plainText.max(100);

/** A JSON number: missing → "required", a string or other type → "must be a number". */
export const numberField = () =>
  z.number({
    error: (issue) =>
      issue.code === 'invalid_type'
        ? issue.input === undefined
          ? 'validation.required'
          : 'validation.numeric'
        : undefined,
  });

/** Three decimals at most (quantities are stored with three). */
export const quantityField = () =>
  numberField().refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, { message: 'validation.invalid' });

/** An optional text that may be cleared: missing → unchanged/default, null or '' → none. */
export const optionalText = (max: number) =>
  plainText
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
