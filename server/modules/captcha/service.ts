import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { errorText } from '../../lib/i18n';

/** 400 CaptchaFailed, with the message also on the form's captcha field. */
export const captchaFailed = () =>
  new AppError(400, 'CaptchaFailed', undefined, [{ path: 'captcha', message: errorText('CaptchaFailed') }]);

/**
 * Checks a form's bot-protection proof with the server's provider and spends it; throws 400 CaptchaFailed when
 * it is missing, wrong, expired or already used. For any route: `await verifyCaptcha(req, req.body.captcha, 'contact')`.
 */
export async function verifyCaptcha(req: FastifyRequest, proof: string | undefined, action?: string): Promise<void> {
  if (!proof) throw captchaFailed();
  const result = await req.server.captcha.verify(proof, { remoteIp: req.ip, action });
  if (!result.ok) {
    req.log.info({ reason: result.reason, action }, 'captcha refused');
    throw captchaFailed();
  }
}
