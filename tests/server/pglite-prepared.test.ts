import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { preparedPglite } from '../../server/db/pglite-prepared';

/**
 * The app's PGlite statements go through prepared statements run in one protocol call (decision 0075). Whatever a
 * statement stores or answers must be what PGlite's own `query` gives: each type the app uses, null, arrays, errors
 * with their code, and transactions that roll back.
 */
let pg: PGlite;
let fast: PGlite;

const ROW = `select id, name, n, big, price, at, j, tags, flag, day from things where id = $1`;

beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(`create table things (
    id uuid primary key, name text, n integer, big bigint, price numeric(12, 2), at timestamptz, j jsonb,
    tags text[], flag boolean, day date, unique (name))`);
  fast = preparedPglite(pg);
});

afterAll(() => pg.close());

const insert = `insert into things (id, name, n, big, price, at, j, tags, flag, day)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`;

describe('a statement prepared once and run in one protocol call', () => {
  it('stores and answers every column type as PGlite’s own query does', async () => {
    const values = [
      '7f0c7a1e-2b7e-4f7e-9a55-0c8a3c1e6b01',
      'Mjölk 1,5 % "lätt"',
      42,
      '9007199254740993',
      '1234.50',
      '2026-11-27T01:02:03.456Z',
      JSON.stringify({ åtta: 8, list: [1, null] }),
      ['a', 'b,c', 'd"e'],
      true,
      '2026-11-27',
    ];
    const stored = await fast.query(insert, values);
    const own = await pg.query(ROW, [values[0]]);
    expect(stored.rows).toEqual(own.rows);
    expect(stored.affectedRows).toBe(1);
    expect((await fast.query(ROW, [values[0]])).rows).toEqual(own.rows);
    expect(own.rows[0]).toMatchObject({
      name: 'Mjölk 1,5 % "lätt"',
      n: 42,
      price: '1234.50',
      j: { åtta: 8, list: [1, null] },
      tags: ['a', 'b,c', 'd"e'],
      flag: true,
    });
    // As drizzle asks: rows as arrays, timestamps left as the engine's text.
    const asDrizzle = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
    const rows = (await fast.query(ROW, [values[0]], asDrizzle)).rows;
    expect(rows).toEqual((await pg.query(ROW, [values[0]], asDrizzle)).rows);
    expect((rows[0] as unknown[])[5]).toBe('2026-11-27 01:02:03.456+00');
    expect((await fast.query(ROW, [values[0]])).rows).toEqual(own.rows);
  });

  it('stores nulls and answers them as null', async () => {
    const id = '7f0c7a1e-2b7e-4f7e-9a55-0c8a3c1e6b02';
    await fast.query(insert, [id, null, null, null, null, null, null, null, null, undefined]);
    expect((await fast.query(ROW, [id])).rows).toEqual([
      { id, name: null, n: null, big: null, price: null, at: null, j: null, tags: null, flag: null, day: null },
    ]);
  });

  it('answers a database error with its code and query, and goes on working', async () => {
    const id = '7f0c7a1e-2b7e-4f7e-9a55-0c8a3c1e6b03';
    await fast.query(`insert into things (id, name) values ($1, $2)`, [id, 'twice']);
    const error = await fast
      .query(`insert into things (id, name) values ($1, $2)`, ['7f0c7a1e-2b7e-4f7e-9a55-0c8a3c1e6b04', 'twice'])
      .catch((e: unknown) => e as { code?: string; query?: string });
    expect(error).toMatchObject({ code: '23505', query: `insert into things (id, name) values ($1, $2)` });
    await expect(fast.query(`select * from nowhere`)).rejects.toMatchObject({ code: '42P01' });
    expect((await fast.query<{ name: string }>(`select name from things where id = $1`, [id])).rows).toEqual([
      { name: 'twice' },
    ]);
  });

  it('runs inside a transaction, and a rolled-back one leaves nothing', async () => {
    const kept = '7f0c7a1e-2b7e-4f7e-9a55-0c8a3c1e6b05';
    const dropped = '7f0c7a1e-2b7e-4f7e-9a55-0c8a3c1e6b06';
    await fast.transaction(async (tx) => {
      await tx.query(`insert into things (id, name) values ($1, $2)`, [kept, 'kept']);
      expect((await tx.query(`select name from things where id = $1`, [kept])).rows).toEqual([{ name: 'kept' }]);
    });
    await expect(
      fast.transaction(async (tx) => {
        await tx.query(`insert into things (id, name) values ($1, $2)`, [dropped, 'dropped']);
        await tx.query(`insert into things (id, name) values ($1, $2)`, [dropped, 'again']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await pg.query(`select name from things where id = any($1::uuid[])`, [[kept, dropped]]);
    expect(names.rows).toEqual([{ name: 'kept' }]);
  });
});
