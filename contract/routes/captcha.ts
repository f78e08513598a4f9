import { get } from './call';

export const captcha = {
  config: get('/v1/captcha/config'),
  challenge: get('/v1/captcha/challenge'),
};
