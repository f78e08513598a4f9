/**
 * Where the chosen company of each user is remembered on this device (localStorage), so that an offline start-up shows
 * that company's lists: the session link writes it (engine-session.ts), the engine's start and the sync status shown
 * before the engine has loaded (sync-preview.ts) read it.
 */
export type CompanyMemory = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const companyKey = (userId: string) => `skafferi.company.${userId}`;

export function browserMemory(): CompanyMemory | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked by the browser
  }
}

/** The company remembered for a user on this device, if any. */
export function rememberedCompany(memory: CompanyMemory | null, userId: string): string | null {
  try {
    return memory?.getItem(companyKey(userId)) ?? null;
  } catch {
    return null;
  }
}
