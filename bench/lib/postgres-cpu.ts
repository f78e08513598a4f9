// The CPU time of the PostgreSQL backends serving one database, when that server runs on this machine (Linux /proc):
// on loopback the database's own work per request, beside the app's, is the rest of what a call costs the machine.
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** CPU ms (user + system) of a process so far, or 0 when it is gone or not readable. */
async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export type PostgresCpu = {
  /** CPU ms of the database's backends now, keyed by process id. */
  sample(): Promise<Map<number, number>>;
  /** CPU ms used between two samples (a backend that appeared in between counts from 0). */
  between(before: Map<number, number>, after: Map<number, number>): number;
  close(): Promise<void>;
};

/** Undefined when the database is not on this machine (its backends' /proc entries are not ours to read). */
export async function postgresCpu(databaseUrl: string): Promise<PostgresCpu | undefined> {
  const host = new URL(databaseUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) cpu.set(pid, await processCpuMs(pid));
    return cpu;
  };
  return {
    sample,
    between: (before, after) => {
      let total = 0;
      for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
      return total;
    },
    close: () => client.end(),
  };
}
