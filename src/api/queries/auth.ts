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

export async function login(body: LoginBody): Promise<TokenResponse> {
  const response = await api.request('v1/auth/login', { method: 'POST', body, schema: tokenResponse, auth: 'none' });
  session.set(response);
  return response;
}

/** POST /v1/auth/logout, then both cookies go whatever the answer (SPEC §4). */
export async function logout(): Promise<void> {
  try {
    if (session.get()) await api.request('v1/auth/logout', { method: 'POST', auth: 'noRenew' });
  } catch {
    // the token may already be invalid; logging out locally is what matters
  } finally {
    session.clear('logout');
  }
}

/** With the bot-protection proof (CaptchaField). */
export const forgotPassword = (body: ForgotPasswordBody & { captcha?: string }) =>
  api.request('v1/auth/forgot-password', { method: 'POST', body, auth: 'none' });

export const resetPassword = (body: ResetPasswordBody) =>
  api.request('v1/auth/reset-password', { method: 'POST', body, schema: okResponse, auth: 'none' });
