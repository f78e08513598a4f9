import { okResponse } from '../../../contract/common';
import {
  tokenResponse,
  type ForgotPasswordBody,
  type LoginBody,
  type ResetPasswordBody,
  type TokenResponse,
} from '../../../contract/auth';
import { api } from '../api';
import { session } from '../session/session';
import { auth, pathTo } from '../../../contract/routes';

export async function login(body: LoginBody): Promise<TokenResponse> {
  const response = await api.request(pathTo(auth.login), { method: 'POST', body, schema: tokenResponse, auth: 'none' });
  session.set(response);
  return response;
}

/** POST /v1/auth/logout, then both cookies go whatever the answer (SPEC §4). */
export async function logout(): Promise<void> {
  try {
    if (session.get()) await api.request(pathTo(auth.logout), { method: 'POST', auth: 'noRenew' });
  } catch {
    // the token may already be invalid; logging out locally is what matters
  } finally {
    session.clear('logout');
  }
}

/** With the bot-protection proof (CaptchaField). */
export const forgotPassword = (body: ForgotPasswordBody & { captcha?: string }) =>
  api.request(pathTo(auth.forgotPassword), { method: 'POST', body, auth: 'none' });

export const resetPassword = (body: ResetPasswordBody) =>
  api.request(pathTo(auth.resetPassword), { method: 'POST', body, schema: okResponse, auth: 'none' });
