import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

/**
 * Issue #13 point 5: a database error reached the log with the query's parameters (drizzle's "params: …", PGlite's
 * `params`, PostgreSQL's own message quoting the value). The log is read as the server writes it.
 */

const logged: string[] = [];
let app: TestApp;
let token: string;

const PROFILE = {
  firstName: 'Hemligt-Förnamn',
  lastName: 'Hemligt-Efternamn',
  email: 'kund@skafferi.test',
  phone: '+46 70 999 88 77',
};

beforeAll(async () => {
  app = await createTestApp({ LOG_LEVEL: 'error' }, { logStream: { write: (line) => void logged.push(line) } });
  token = await login(app, DEMO.kund);
  // A database that refuses the change and quotes the values in its message, as a constraint's detail would.
  const { db } = app.services.database;
  await db.execute(
    sql.raw(`create function refuse_profile() returns trigger language plpgsql as $$
    begin raise exception 'profile refused for % %', new.email, new.phone; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger refuse_profile before update on users for each row
    execute function refuse_profile()`),
  );
});
afterAll(() => app.closeAll());

describe('a database error in the log', () => {
  it('keeps its code and SQL text and none of the values', async () => {
    const res = await app.inject({ method: 'PUT', url: '/v1/customer/', headers: bearer(token), payload: PROFILE });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'InternalError',
      message: 'Ett internt fel inträffade. Kontakta din säljare om felet kvarstår.',
    });

    const text = logged.join('');
    const entry = logged
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((line) => line.msg === 'unhandled error');
    // What there is to go on: the SQLSTATE of the raised exception and the statement with its placeholders.
    expect(entry?.err?.message).toMatch(/^Failed query: update "users" set .*\$1/);
    expect(JSON.stringify(entry?.err)).toContain('"code":"P0001"');
    for (const value of [PROFILE.email, PROFILE.phone, PROFILE.firstName, PROFILE.lastName, 'profile refused'])
      expect([value, text.includes(value)]).toEqual([value, false]);
  });
});
