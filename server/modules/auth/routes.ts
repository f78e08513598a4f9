import type { FastifyInstance } from 'fastify';
import { auth as routes } from '../../../contract/routes/schemas/auth';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyCaptcha } from '../captcha/service';
import type { Config } from '../../config';
import { unauthorized } from '../../lib/errors';
import { bearerToken } from '../../plugins/authenticate';
import type { AuthService } from './service';
import { access } from '../../plugins/access';

export function authRoutes(auth: AuthService, config: Config) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

    register(app, routes.login, {
      access: access.public,
      config: { ...perMinute(config.rateLimit.loginPerMinute) },
      handler: (req) => auth.login(req.body.email, req.body.password),
    });

    register(app, routes.renew, {
      access: access.public,
      handler: (req) => {
        const token = bearerToken(req);
        if (!token) throw unauthorized();
        return auth.renew(token);
      },
    });

    register(app, routes.logout, {
      access: access.public,
      handler: async (req, reply) => {
        const token = bearerToken(req);
        if (token) await auth.logout(token);
        return reply.status(204).send(null);
      },
    });

    register(app, routes.forgotPassword, {
      access: access.public,
      config: { ...perMinute(config.rateLimit.forgotPerMinute) },
      handler: async (req, reply) => {
        await verifyCaptcha(req, req.body.captcha, 'forgot_password');
        await auth.forgotPassword(req.body.email);
        return reply.status(202).send({ ok: true as const });
      },
    });

    register(app, routes.resetPassword, {
      access: access.public,
      config: { ...perMinute(config.rateLimit.forgotPerMinute * 2) },
      handler: async (req) => {
        await auth.resetPassword(req.body.token, req.body.password);
        return { ok: true as const };
      },
    });

    register(app, routes.verifyRegistrationToken, {
      access: access.public,
      handler: (req) => auth.verifyRegistrationToken(req.query.token),
    });

    register(app, routes.confirmRegistration, {
      access: access.public,
      config: { ...perMinute(config.rateLimit.forgotPerMinute * 2) },
      handler: async (req) => {
        // The proof first: a refused one leaves the link unused.
        await verifyCaptcha(req, req.body.captcha, 'registration');
        return auth.confirmRegistration(req.body.token, req.body.password);
      },
    });
  };
}
