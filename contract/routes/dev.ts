import { get } from './call';

/** The local mailbox (DEV_MAILBOX only); the test clock is in dev-clock.ts. */
export const mailbox = {
  list: get('/v1/dev/mailbox'),
};
