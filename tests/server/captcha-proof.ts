import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AltchaChallenge } from '../../contract/captcha';

/** A fresh ALTCHA challenge from the server, as the widget fetches it. */
export async function fetchChallenge(app: FastifyInstance): Promise<AltchaChallenge> {
  const res = await app.inject({ method: 'GET', url: '/v1/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`no challenge: ${res.statusCode} ${res.body}`);
  return res.json<AltchaChallenge>();
}

/** Solves a challenge as the browser's widget does and encodes the payload the widget puts in the form. */
export async function solve(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A valid bot-protection proof for one form submission (fetch a challenge, solve it). */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  return solve(await fetchChallenge(app));
}
