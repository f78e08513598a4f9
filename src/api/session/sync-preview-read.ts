import { liveQuery } from 'dexie';
import { offlineDb, type OfflineDb } from '../../offline/schema';
import { queryStatus } from '../../offline/engine/status-read';
import type { SyncStatus } from '../../offline/engine/sync-status';
import { browserMemory, rememberedCompany, type CompanyMemory } from './company-memory';

/**
 * The sync status as the device's database holds it, for the moment before the engine has loaded (sync-preview.ts):
 * Dexie and the engine's tables only, no engine, no zod. The user is the one the engine stored with the page's own
 * token — what an offline start-up goes on (decision 0077) — and the company the one remembered for them; with another
 * token (another user's, or a renewal not yet stored) nothing is known until the engine has looked.
 */
export async function readStoredStatus(
  token: string | null,
  db: OfflineDb = offlineDb(),
  memory: CompanyMemory | null = browserMemory(),
): Promise<Partial<SyncStatus>> {
  const row = await db.session.get('current');
  if (!token || row?.token !== token) return {};
  const company = rememberedCompany(memory, row.userId);
  return { ...(await queryStatus(db, () => company)), companyCode: company };
}

/** Follows the stored status: again on every change of the outbox, the session or the engine's facts. */
export function watchStoredStatus(
  token: () => string | null,
  onPatch: (patch: Partial<SyncStatus>) => void,
): () => void {
  const subscription = liveQuery(() => readStoredStatus(token())).subscribe({
    next: onPatch,
    error: (error: unknown) => console.error('Skafferi: synkstatus kunde inte läsas', error),
  });
  return () => subscription.unsubscribe();
}
