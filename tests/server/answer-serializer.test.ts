import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiError } from '../../contract/common';
import { loadConfig } from '../../server/config';
import { registerErrorHandling } from '../../server/plugins/errors';
import { registerAnswerSerializer } from '../../server/plugins/serialize';

// Decision 0068: production writes a success with JSON.stringify, without zod; tests and development check it against
// its schema, so that what production sends is what the schema documents.

const answer = z.object({ name: z.string(), count: z.number().int() });
/** What a route's handler builds; each test sets it. */
let built: unknown;
let app: FastifyInstance | undefined;

async function serverWith(check: boolean): Promise<FastifyInstance> {
  const fastify = Fastify({ logger: false });
  fastify.setValidatorCompiler(validatorCompiler);
  registerAnswerSerializer(fastify, check);
  registerErrorHandling(fastify);
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/thing',
    { schema: { response: { 200: answer, 400: apiError } } },
    // The handler returns whatever the test built, right or wrong: the serializer is what is tested.
    async () => built as z.infer<typeof answer>,
  );
  fastify.get('/refused', { schema: { response: { 400: apiError } } }, async (_req, reply) =>
    reply.status(400).send({ code: 'ValidationError', message: 'Kontrollera fälten.', internal: 'x' }),
  );
  await fastify.ready();
  return fastify;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('answers in test mode (checked against their schema)', () => {
  it('sends an answer that matches its schema', async () => {
    app = await serverWith(true);
    built = { name: 'Mjöl', count: 2 };
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect([res.statusCode, res.json()]).toEqual([200, { name: 'Mjöl', count: 2 }]);
  });

  it('refuses with 500 an answer of the wrong shape', async () => {
    app = await serverWith(true);
    built = { name: 'Mjöl', count: 'två' };
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'InternalError' });
  });

  it('refuses with 500 an answer carrying a key its schema would drop, which production would send', async () => {
    app = await serverWith(true);
    built = { name: 'Mjöl', count: 2, companyId: 'hemlig' };
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hemlig');
  });
});

describe('answers in production (not checked)', () => {
  it('is on in tests and development, off when NODE_ENV=production, and CHECK_RESPONSES decides when set', () => {
    expect(loadConfig({}).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).checkResponses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
    expect(loadConfig({ CHECK_RESPONSES: 'false' }).checkResponses).toBe(false);
  });

  it('writes a success as the route built it, without zod: nothing is checked or dropped', async () => {
    app = await serverWith(false);
    built = { name: 'Mjöl', count: 'två', extra: true };
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect([res.statusCode, res.json()]).toEqual([200, { name: 'Mjöl', count: 'två', extra: true }]);
  });

  it('still shapes an error answer by its schema', async () => {
    app = await serverWith(false);
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect([res.statusCode, res.json()]).toEqual([400, { code: 'ValidationError', message: 'Kontrollera fälten.' }]);
  });
});
