import type { FastifyInstance, FastifySchema, FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';

type RouteSchema = { schema: unknown; method: string; url: string; httpStatus?: string };

/** An answer the zod check would have sent differently than JSON.stringify does: a bug production would show. */
export class UncheckedAnswerError extends Error {
  override name = 'UncheckedAnswerError';
}

/** The first place where two JSON values differ, as a path (`data.0.companyId`), for the error's message. */
function firstDifference(a: unknown, b: unknown, at: string[] = []): string {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const left = (a as Record<string, unknown>)[key];
      const right = (b as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(left, right)) return firstDifference(left, right, [...at, key]);
    }
  }
  return at.join('.') || '(the whole answer)';
}

/**
 * How answers are written (decision 0068). A success (2xx) in production: JSON.stringify of what the route built,
 * without re-validating it — the zod pass cost every answer about as much as building it. Errors keep the zod pass
 * everywhere: they are few, and some routes' error schemas shape them (the search subset's errors carry no field list).
 * In tests and development (`check`), a success is encoded by its schema as fastify-type-provider-zod does (500 when it
 * does not match), and it must already be what the schema lets through: an extra key the schema would strip, or a value
 * it would transform, is refused here, since production would send it as it is.
 */
export function answerSerializer(check: boolean): FastifySerializerCompiler<FastifySchema> {
  const zod = createSerializerCompiler({});
  return (route) => {
    const encode = zod(route as unknown as Parameters<typeof zod>[0]);
    const { method, url, httpStatus } = route as unknown as RouteSchema;
    if (!httpStatus?.startsWith('2')) return encode;
    if (!check) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const text = encode(data);
      const plain = JSON.stringify(data);
      const checked = JSON.parse(text) as unknown;
      const sent = plain === undefined ? undefined : (JSON.parse(plain) as unknown);
      if (!isDeepStrictEqual(checked, sent)) {
        throw new UncheckedAnswerError(
          `${method} ${url}: the answer differs from what its schema lets through at ${firstDifference(sent, checked)}`,
        );
      }
      return text;
    };
  };
}

/** Installs the answer serializer on the app. */
export function registerAnswerSerializer(app: FastifyInstance, check: boolean) {
  app.setSerializerCompiler(answerSerializer(check));
}
