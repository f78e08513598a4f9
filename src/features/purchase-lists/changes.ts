import { errorMessage } from '../../api/error-message';
import { MutationError, mutate, offlineDb, type MutationResult, type PurchaseListChange } from '../../offline';
import { translateMessageKey } from '../../lib/message-keys';
import { toast } from '../../ui/toast-queue';

/**
 * Every change to a purchase list goes through the offline engine: one local transaction writes the mirror and the
 * outbox entry; the sync controller sends it (now, or when the network is back).
 */
export function changeList(change: PurchaseListChange): Promise<MutationResult> {
  return mutate(offlineDb(), change);
}

/** Notices that come with a change, e.g. a quantity rounded to whole units (SPEC §5), as the server will answer. */
export function showNotices(result: MutationResult): void {
  for (const notice of result.notices) toast.show({ tone: 'info', title: notice.message, id: notice.code });
}

/** The Swedish text of a refused change (the engine's own message), or of any other error. */
export function changeErrorText(error: unknown): string {
  return error instanceof MutationError ? error.message : errorMessage(error);
}

/** The first field message of a refused change for a field (validation keys translated), if it names that field. */
export function fieldErrorOf(error: unknown, ...paths: string[]): string | undefined {
  if (!(error instanceof MutationError)) return undefined;
  const field = error.fields.find((f) => paths.includes(f.path.split('.')[0] ?? f.path));
  return field ? translateMessageKey(field.message) : undefined;
}
