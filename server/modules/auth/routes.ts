import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmRegistrationBody,
  loginBody,
  resetPasswordBody,
  tokenResponse,
  verifyRegistrationQuery,
  verifyRegistrationResponse,
} from '../../../contract/auth';
import { apiError, okResponse } from '../../../contract/common';
import { forgotPasswordCaptchaBody } from '../../../contract/captcha';
import { verifyCaptcha } from '../captcha/service';
import type { Config } from '../../config';
import { unauthorized } from '../../lib/errors';
import { bearerToken } from '../../plugins/authenticate';
import type { AuthService } from './service';
import { access } from '../../plugins/access';

const errors = { 400: apiError, 401: apiError, 410: apiError, 429: apiError };

export function authRoutes(auth: AuthService, config: Config) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

    app.post('/v1/auth/login', {
      config: { access: access.public, ...perMinute(config.rateLimit.loginPerMinute) },
      schema: { tags: ['auth'], summary: 'Log in', body: loginBody, response: { 200: tokenResponse, ...errors } },
      handler: (req) => auth.login(req.body.email, req.body.password),
    });

    app.post('/v1/auth/renew', {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Replace the bearer token with a new one (also shortly after it expired)',
        response: { 200: tokenResponse, ...errors },
      },
      handler: (req) => {
        const token = bearerToken(req);
        if (!token) throw unauthorized();
        return auth.renew(token);
      },
    });

    app.post('/v1/auth/logout', {
      config: { access: access.public },
      schema: { tags: ['auth'], summary: 'End the session of the bearer token', response: { 204: z.null() } },
      handler: async (req, reply) => {
        const token = bearerToken(req);
        if (token) await auth.logout(token);
        return reply.status(204).send(null);
      },
    });

    app.post('/v1/auth/forgot-password', {
      config: { access: access.public, ...perMinute(config.rateLimit.forgotPerMinute) },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link; answers the same whether or not the account exists',
        body: forgotPasswordCaptchaBody,
        response: { 202: okResponse, ...errors },
      },
      handler: async (req, reply) => {
        await verifyCaptcha(req, req.body.captcha, 'forgot_password');
        await auth.forgotPassword(req.body.email);
        return reply.status(202).send({ ok: true as const });
      },
    });

    app.post('/v1/auth/reset-password', {
      config: { access: access.public, ...perMinute(config.rateLimit.forgotPerMinute * 2) },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link',
        body: resetPasswordBody,
        response: { 200: okResponse, ...errors },
      },
      handler: async (req) => {
        await auth.resetPassword(req.body.token, req.body.password);
        return { ok: true as const };
      },
    });

    app.get('/v1/auth/verify-registration-token', {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Check an activation link',
        querystring: verifyRegistrationQuery,
        response: { 200: verifyRegistrationResponse, ...errors },
      },
      handler: (req) => auth.verifyRegistrationToken(req.query.token),
    });

    app.post('/v1/auth/confirm-registration', {
      config: { access: access.public, ...perMinute(config.rateLimit.forgotPerMinute * 2) },
      schema: {
        tags: ['auth'],
        summary: 'Activate an account with a password and a bot-protection proof; logs the user in',
        body: confirmRegistrationBody,
        response: { 200: tokenResponse, ...errors },
      },
      handler: async (req) => {
        // The proof first: a refused one leaves the link unused.
        await verifyCaptcha(req, req.body.captcha, 'registration');
        return auth.confirmRegistration(req.body.token, req.body.password);
      },
    });
  };
}
