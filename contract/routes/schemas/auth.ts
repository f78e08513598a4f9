import { z } from 'zod';
import {
  confirmRegistrationBody,
  loginBody,
  resetPasswordBody,
  tokenResponse,
  verifyRegistrationQuery,
  verifyRegistrationResponse,
} from '../../auth';
import { apiError, okResponse } from '../../common';
import { forgotPasswordCaptchaBody } from '../../captcha';
import { auth as calls } from '../auth';
import { describe, security } from './describe';

const errors = { 400: apiError, 401: apiError, 410: apiError, 429: apiError };

export const auth = describe(calls, {
  login: { tags: ['auth'], summary: 'Log in', body: loginBody, response: { 200: tokenResponse, ...errors } },
  renew: {
    tags: ['auth'],
    summary: 'Replace the bearer token with a new one (also shortly after it expired)',
    security,
    response: { 200: tokenResponse, ...errors },
  },
  logout: {
    tags: ['auth'],
    summary: 'End the session of the bearer token',
    security,
    response: { 204: z.null() },
  },
  forgotPassword: {
    tags: ['auth'],
    summary: 'Mail a reset link; answers the same whether or not the account exists',
    body: forgotPasswordCaptchaBody,
    response: { 202: okResponse, ...errors },
  },
  resetPassword: {
    tags: ['auth'],
    summary: 'Set a new password with a reset link',
    body: resetPasswordBody,
    response: { 200: okResponse, ...errors },
  },
  verifyRegistrationToken: {
    tags: ['auth'],
    summary: 'Check an activation link',
    querystring: verifyRegistrationQuery,
    response: { 200: verifyRegistrationResponse, ...errors },
  },
  confirmRegistration: {
    tags: ['auth'],
    summary: 'Activate an account with a password and a bot-protection proof; logs the user in',
    body: confirmRegistrationBody,
    response: { 200: tokenResponse, ...errors },
  },
});
