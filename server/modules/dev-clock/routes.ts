import type { FastifyInstance } from 'fastify';
import { devClock as routes } from '../../../contract/routes/schemas/dev-clock';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DevClock } from './clock';
import { access } from '../../plugins/access';

export { MAX_OFFSET_MINUTES, putDevClockBody } from '../../../contract/routes/schemas/dev-clock';

/**
 * The test clock: only registered while DEV_CLOCK is on (refused in production, see server/config.ts), the way the
 * local mailbox is only registered with DEV_MAILBOX. No authentication: it exists on test servers only.
 * See docs/decisions/0041-dev-clock.md.
 */
export function devClockRoutes(clock: DevClock) {
  const answer = () => ({ offsetMinutes: clock.offsetMinutes(), now: clock.now().toISOString() });
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    register(app, routes.get, {
      access: access.public,
      handler: async () => answer(),
    });
    register(app, routes.set, {
      access: access.public,
      handler: async (req) => {
        clock.set(req.body.offsetMinutes);
        return answer();
      },
    });
    register(app, routes.reset, {
      access: access.public,
      handler: async () => {
        clock.reset();
        return answer();
      },
    });
  };
}
