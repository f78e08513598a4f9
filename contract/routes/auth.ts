import { get, post } from './call';

export const auth = {
  login: post('/v1/auth/login'),
  renew: post('/v1/auth/renew'),
  logout: post('/v1/auth/logout'),
  forgotPassword: post('/v1/auth/forgot-password'),
  resetPassword: post('/v1/auth/reset-password'),
  verifyRegistrationToken: get('/v1/auth/verify-registration-token'),
  confirmRegistration: post('/v1/auth/confirm-registration'),
};
