/**
 * A list's `updated_at` inside a sync batch (decision 0071, third round). Every change of a list marks it changed; in
 * a batch of 100 changes to ten lists that was one more row version of the same list per change, in one transaction.
 * So a batch writes a list's mark once, at its end, with the time the last kept change of it gave — what the list
 * holds after the same changes sent one call each. The first change of a list in the batch still locks it (and finds
 * it the company's); the later ones only note their time, as the lock is the batch's until it commits.
 */
import { sql } from 'drizzle-orm';
import { type Tx } from '../../db/client';
import { owedInBatch } from '../../db/ambient';
import { purchaseLists } from '../../db/schema';

/**
 * Owed for a list this batch has locked and found the company's: the time its last change gave, and whether the row
 * holds it already.
 */
export type Mark = { at: Date; written: boolean; companyId: string };

/** Writes the marks a batch owes, in one statement. */
async function writeMarks(owed: Map<string, Mark>, batch: Tx): Promise<void> {
  const due = [...owed].filter(([, mark]) => !mark.written);
  if (due.length === 0) return;
  const ids = due.map(([id]) => id);
  const times = due.map(([, mark]) => mark.at.toISOString());
  await batch.execute(sql`
    update ${purchaseLists} set updated_at = marks.at
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(times)}::timestamptz[]) as marks(id, at)
    where ${purchaseLists.id} = marks.id`);
}

export const listMarks = owedInBatch<Mark>(writeMarks);
