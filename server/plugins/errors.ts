import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isTransientConflict } from '../db/conflicts';
import { AppError } from '../lib/errors';
import { errorText, validationText } from '../lib/i18n';

type FieldError = { path: string; message: string };
type ValidationIssue = {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params: Record<string, unknown>;
};

/** Zod's own messages are English; each issue becomes a Swedish text for its field. */
function swedishIssueText(issue: ValidationIssue): string {
  const own = issue.message ? validationText(issue.message) : undefined;
  if (own) return own;
  const p = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      return p.input === undefined ? validationText('validation.required')! : validationText('validation.invalid')!;
    case 'too_small':
      if (p.origin === 'string')
        return validationText(p.minimum === 1 ? 'validation.required' : 'validation.tooShort')!;
      return validationText('validation.tooSmall')!;
    case 'too_big':
      return validationText(p.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig')!;
    case 'invalid_format':
      return validationText(p.format === 'email' ? 'validation.email' : 'validation.invalid')!;
    case 'unrecognized_keys':
      return validationText('validation.unknownField')!;
    default:
      return validationText('validation.invalid')!;
  }
}

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

type SchemaValidationError = FastifyError & { validation: ValidationIssue[]; validationContext?: string };

/** The failing fields of a schema validation error, each with its Swedish text (also for the content CDN's answers). */
export function validationFields(error: SchemaValidationError): FieldError[] {
  return error.validation.map((issue) => ({
    path: fieldPath(issue.instancePath) || error.validationContext || 'body',
    message: swedishIssueText(issue),
  }));
}

/**
 * What Fastify answers itself before any route runs: a malformed percent-encoding in the URL (400) or a path
 * parameter longer than the router takes (414). The same `{code, message, fields}` as every other refusal.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  if (!tooLong && error.code !== 'FST_ERR_BAD_URL') {
    // An async route constraint that failed: ours, not the client's (none is used today).
    request.log.error({ err: error }, 'routing failed');
    return void reply.status(500).send({ code: 'InternalError', message: errorText('InternalError') });
  }
  void reply.status(tooLong ? 414 : 400).send({
    code: 'ValidationError',
    message: errorText('ValidationError'),
    fields: [{ path: 'params', message: validationText(tooLong ? 'validation.tooLong' : 'validation.invalid')! }],
  });
}

const BUSY = 'Busy';
const busyAnswer = () => ({ code: BUSY, message: errorText(BUSY) });

/** An answer of a call the database ended in a conflict (see the error handler): the same call sent again goes through. */
export const isBusyAnswer = (status: number, body: unknown): boolean =>
  status === 503 && (body as { code?: unknown } | null)?.code === BUSY;

/** Every error leaves as `{code, message, fields?}` in Swedish; no stack trace or internal message leaves. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error as SchemaValidationError);
      return reply.status(400).send({ code: 'ValidationError', message: errorText('ValidationError'), fields });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'RateLimited', message: errorText('RateLimited') });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ code: 'InternalError', message: errorText('InternalError') });
    }
    // Fastify's own client errors (malformed JSON, wrong content type, body too large …).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code =
        error.statusCode === 404 ? 'NotFound' : error.statusCode === 401 ? 'Unauthorized' : 'ValidationError';
      const fields =
        error.statusCode === 400 ? [{ path: 'body', message: validationText('validation.invalid')! }] : undefined;
      return reply.status(error.statusCode).send({ code, message: errorText(code), ...(fields ? { fields } : {}) });
    }
    if (isTransientConflict(error)) {
      // Ended by the database in a conflict with another transaction, tried again already (decision 0092): nothing of
      // it was kept, and the same call sent again a moment later goes through.
      request.log.warn({ err: error }, 'transaction ended in a conflict');
      return reply.status(503).header('retry-after', '1').send(busyAnswer());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'InternalError', message: errorText('InternalError') });
  });
}
