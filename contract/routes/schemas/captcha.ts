import { altchaChallenge, captchaConfig } from '../../captcha';
import { apiError } from '../../common';
import { captcha as calls } from '../captcha';
import { describe } from './describe';

export const captcha = describe(calls, {
  config: {
    tags: ['captcha'],
    summary: 'Which bot protection the forms use, and what its widget needs',
    response: { 200: captchaConfig },
  },
  challenge: {
    tags: ['captcha'],
    summary: 'A fresh ALTCHA proof-of-work challenge (404 while reCAPTCHA is configured)',
    response: { 200: altchaChallenge, 404: apiError, 429: apiError },
  },
});
