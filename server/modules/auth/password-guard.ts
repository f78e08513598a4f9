import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { Limiter } from '../../lib/limits';

/** One counted password check; `passed()` once the password proved right (and the change, if any, committed). */
export type PasswordAttempt = { passed(): Promise<void> };

/**
 * Limits the password checks of one account, on every route that checks a password (login, e-mail and password
 * change), wherever they come from (decision 0050). The per-address limits of the routes stay beside it.
 */
export type PasswordGuard = {
  /**
   * Counts a check of the account's password before it is made, and refuses it (429) once the account had more
   * wrong ones in the window than allowed, even if this one is right: a guesser learns nothing past the limit.
   * The count is in the database, so it must be called outside a transaction that a wrong password rolls back.
   */
  attempt(account: string): Promise<PasswordAttempt>;
  /** Forgets the account's wrong passwords: a reset link proved the mailbox, so a locked-out owner gets back in. */
  clear(account: string): Promise<void>;
};

export function createPasswordGuard(
  limiter: Limiter,
  limits: Pick<Config['rateLimit'], 'passwordFailuresPerAccount' | 'passwordFailureWindowMinutes'>,
): PasswordGuard {
  const windowMs = limits.passwordFailureWindowMinutes * 60_000;
  const keyOf = (account: string) => `password:account:${account}`;
  return {
    async attempt(account) {
      const key = keyOf(account);
      // Every check is counted first and a right password forgets the count: what remains are the wrong ones in a
      // row, and parallel guesses cannot slip past the limit between a check and its count.
      const { count } = await limiter.hit(key, windowMs);
      if (count > limits.passwordFailuresPerAccount) throw new AppError(429, 'RateLimited');
      return { passed: () => limiter.reset(key) };
    },
    clear: (account) => limiter.reset(keyOf(account)),
  };
}
