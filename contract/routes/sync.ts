import { post } from './call';

/** The offline engine's batched push (decision 0067): a user's waiting changes, in order, in one request. */
export const sync = {
  push: post('/v1/sync'),
};
