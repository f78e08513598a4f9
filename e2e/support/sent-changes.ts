import type { BrowserContext, Response } from '@playwright/test';
import { NOT_TRIED } from '../../contract/sync';

/**
 * One change the server answered, as the journeys look at it: the call it stands for (method, path, Idempotency-Key),
 * its own answer's status, and whether the service worker sent it. The offline engine sends its changes in batches
 * (POST /v1/sync, decision 0067), each change answered on its own inside the batch's answer; a server without the
 * batch gets them one call each. Both read the same here.
 */
export type SentChange = { method: string; path: string; key: string | undefined; status: number; fromWorker: boolean };

type Batch = { changes: { key: string; method: string; path: string }[] };
type BatchAnswer = { results: { key: string; status: number }[] };

/** The changes one answered request carried (none for a read or a path `matches` refuses). */
async function changesOf(response: Response, matches: (path: string) => boolean): Promise<SentChange[]> {
  const request = response.request();
  if (request.method() === 'GET') return [];
  const path = new URL(request.url()).pathname;
  const fromWorker = request.serviceWorker() !== null;
  if (path !== '/v1/sync') {
    if (!matches(path)) return [];
    const key = request.headers()['idempotency-key'];
    return [{ method: request.method(), path, key, status: response.status(), fromWorker }];
  }
  const batch = request.postDataJSON() as Batch | null;
  const wanted = (batch?.changes ?? []).filter((change) => matches(change.path));
  if (wanted.length === 0 || response.status() !== 200) return [];
  const answer = (await response.json().catch(() => null)) as BatchAnswer | null;
  const statuses = new Map((answer?.results ?? []).map((result) => [result.key, result.status]));
  return wanted.flatMap((change) => {
    const status = statuses.get(change.key) ?? NOT_TRIED;
    // A change the batch did not try never ran on the server: it is sent again later.
    return status === NOT_TRIED
      ? []
      : [{ method: change.method, path: change.path, key: change.key, status, fromWorker }];
  });
}

/**
 * Every change (not the reads) to a path `matches` accepts that the page or its service worker got an answer to, in the
 * order they were answered. Answered only: a request tried with no network never reached the server.
 */
export function recordSentChanges(context: BrowserContext, matches: (path: string) => boolean): SentChange[] {
  const sent: SentChange[] = [];
  context.on('response', (response) => {
    void changesOf(response, matches).then((changes) => sent.push(...changes));
  });
  return sent;
}

/** The server's answer (status) to the next change `matches` accepts, sent alone or in a batch. */
export async function nextAnswerTo(
  context: BrowserContext,
  matches: (method: string, path: string) => boolean,
): Promise<number> {
  let status = NOT_TRIED;
  await context.waitForEvent('response', {
    predicate: async (response) => {
      const found = (await changesOf(response, () => true)).find((change) => matches(change.method, change.path));
      if (found) status = found.status;
      return found !== undefined;
    },
  });
  return status;
}
