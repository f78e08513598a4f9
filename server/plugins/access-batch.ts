import { perBatch } from '../db/ambient';

/**
 * The access answers a sync batch's changes share (decision 0067): they come with one token, in one transaction, and
 * no change a batch carries alters whom a user may act for; a row's company changes only when the row is deleted. So a
 * granted answer is kept for the batch until a change deletes something; a refusal is asked again (an earlier change
 * of the batch may create the row). The check itself runs for every change. What a batch reads is not committed yet,
 * so it is never kept with the session (`keepAccess`).
 */
export const grantedInBatch = perBatch(() => new Map<string, unknown>());

export async function sharedInBatch<T>(
  key: string,
  read: () => Promise<T>,
  granted: (answer: T) => boolean,
): Promise<T> {
  const kept = grantedInBatch();
  if (!kept) return read();
  if (kept.has(key)) return kept.get(key) as T;
  const answer = await read();
  if (granted(answer)) kept.set(key, answer);
  return answer;
}
