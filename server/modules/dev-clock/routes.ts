import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../contract/common';
import type { DevClock } from './clock';
import { access } from '../../plugins/access';

/** At most a year either way: far enough for any deadline, calendar or month-end rule a test needs. */
export const MAX_OFFSET_MINUTES = 366 * 24 * 60;

export const putDevClockBody = z.object({
  offsetMinutes: z.number().int().min(-MAX_OFFSET_MINUTES).max(MAX_OFFSET_MINUTES),
});

const devClockAnswer = z.object({
  offsetMinutes: z.number().int(),
  /** The server's moved time (ISO). */
  now: z.string(),
});

/**
 * The test clock: only registered while DEV_CLOCK is on (refused in production, see server/config.ts), the way the
 * local mailbox is only registered with DEV_MAILBOX. No authentication: it exists on test servers only.
 * See docs/decisions/0041-dev-clock.md.
 */
export function devClockRoutes(clock: DevClock) {
  const answer = () => ({ offsetMinutes: clock.offsetMinutes(), now: clock.now().toISOString() });
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/v1/dev/clock', {
      config: { access: access.public },
      schema: {
        tags: ['dev'],
        summary: "The test clock's offset from real time and the server's time by it",
        response: { 200: devClockAnswer },
      },
      handler: async () => answer(),
    });
    app.put('/v1/dev/clock', {
      config: { access: access.public },
      schema: {
        tags: ['dev'],
        summary: 'Move the clock of the date rules `offsetMinutes` from real time (tests)',
        body: putDevClockBody,
        response: { 200: devClockAnswer, 400: apiError },
      },
      handler: async (req) => {
        clock.set(req.body.offsetMinutes);
        return answer();
      },
    });
    app.delete('/v1/dev/clock', {
      config: { access: access.public },
      schema: {
        tags: ['dev'],
        summary: 'Back to real time',
        response: { 200: devClockAnswer },
      },
      handler: async () => {
        clock.reset();
        return answer();
      },
    });
  };
}
