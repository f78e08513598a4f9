import { get, post } from './call';

export const newsletter = {
  subscribe: post('/v1/newsletter/subscribe'),
  confirm: get('/v1/newsletter/confirm'),
  unsubscribe: get('/v1/newsletter/unsubscribe'),
};
