import { del, get, put } from './call';

export const devClock = {
  get: get('/v1/dev/clock'),
  set: put('/v1/dev/clock'),
  reset: del('/v1/dev/clock'),
};
