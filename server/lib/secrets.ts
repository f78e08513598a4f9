import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serverSecrets } from '../db/schema';

/** Names of the secrets kept in the database when none is configured. */
export type SecretName = 'search-parent-key' | 'captcha-hmac-key';

/**
 * A secret every instance on this database shares: the first instance to ask makes it (32 random bytes), the others
 * read the same row (decision 0047). A configured value always wins and is never stored.
 */
export async function sharedSecret(db: DbOrTx, name: SecretName, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
