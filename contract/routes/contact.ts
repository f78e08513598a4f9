import { get, post } from './call';

export const contact = {
  token: get('/v1/contact-us/token'),
  send: post('/v1/contact-us'),
};
