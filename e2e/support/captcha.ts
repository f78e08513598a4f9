import type { APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * A bot-protection proof for a form sent through the API (not the page): fetches an ALTCHA challenge and solves
 * it in Node, exactly as the browser's widget would.
 */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get('/v1/captcha/challenge');
  if (!response.ok()) throw new Error(`no ALTCHA challenge: ${response.status()}`);
  const challenge = (await response.json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
