import {
  messages,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * PGlite with each statement prepared once and run in one call into the engine (decision 0075). PGlite's own `query`
 * parses, describes, binds, describes, executes and syncs as six separate calls into its WASM backend for every
 * statement; here a statement text is parsed and described once per database (a named prepared statement, as
 * node-postgres's `name` does on PostgreSQL), and each run sends bind, execute and sync in ONE protocol call. The
 * values are serialized and the rows parsed by PGlite's own serializers and `parseResults`, so the app sees the same
 * types either way. Only `query` and `transaction` change; everything else is the engine itself.
 */

type Statement = { name: string; types: number[]; rows: messages.BackendMessage | undefined };

/** Statement texts a database keeps prepared; the oldest is closed beyond it (drizzle's texts are few and fixed). */
const MAX_STATEMENTS = 1_000;

const { serialize } = protocol;

/** `pg` with `query` (outside and inside a transaction) on prepared statements. */
export function preparedPglite(pg: PGlite): PGlite {
  const statements = new Map<string, Statement>();
  const toClose: string[] = [];
  let made = 0;

  const join = (parts: Uint8Array[]): Uint8Array => {
    const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };

  // PGlite's `parseResults` merges a query's own parsers into the engine's (over 300 types) on every call. Drizzle
  // hands its own nine on every query, in a new object for every query it builds (a change's statements are built
  // per change): copying the 300 was a tenth of a sync batch's server time (decision 0071, fourth round). The engine's
  // parsers are instead the prototype of an object holding the query's own — `parseResults` only looks types up —
  // and that object is kept per parsers object for the queries that are run again.
  const merged = new WeakMap<object, typeof pg.parsers>();
  const parsersFor = (own: QueryOptions['parsers']) => {
    if (!own) return pg.parsers;
    let all = merged.get(own);
    if (all === undefined) merged.set(own, (all = Object.assign(Object.create(pg.parsers) as typeof pg.parsers, own)));
    return all;
  };

  const run = (messages: Uint8Array[]) => pg.execProtocolStream(join(messages), { syncToFs: false });

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last: the one closed first is the one unused longest.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `skafferi_${++made}`;
    const closing = toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const described = await run([
      ...closing,
      serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement: Statement = {
      name,
      types: parse.parseDescribeStatementResults(described),
      rows: described.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldest] = statements;
      statements.delete(oldest![0]);
      toClose.push(oldest![1].name);
    }
    return statement;
  }

  /** One statement, the caller holding PGlite's query lock (and, outside a transaction, its transaction lock). */
  async function runPrepared<T>(text: string, params: unknown[], options: QueryOptions | undefined) {
    try {
      const statement = await prepare(text, options);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = statement.types[i]!;
        const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      let answer: messages.BackendMessage[];
      try {
        answer = await run([
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]);
      } catch (error) {
        // A plan invalidated by a change of the schema: parse it again on its next use.
        if ((error as { code?: string }).code === '0A000') statements.delete(text);
        throw error;
      }
      return parse.parseResults(
        statement.rows ? [statement.rows, ...answer] : answer,
        parsersFor(options?.parsers),
        options && { ...options, parsers: undefined },
      )[0] as Results<T>;
    } catch (error) {
      // The fields PGlite's own `query` adds to a database error (the app's error log reads `query` and `params`).
      if (error instanceof messages.DatabaseError) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  const usesOwnPath = (options: QueryOptions | undefined) => options?.blob !== undefined;

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (usesOwnPath(options)) return pg.query<T>(text, params, options);
    const result = await pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(() => runPrepared<T>(text, params, options)),
    );
    await pg.syncToFs();
    return result;
  }

  function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return pg.transaction((tx) => {
      const inTx = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (tx.closed) throw new Error('Transaction is closed');
        if (usesOwnPath(options)) return tx.query<R>(text, params, options);
        return pg._runExclusiveQuery(() => runPrepared<R>(text, params, options));
      };
      return callback(Object.assign(Object.create(tx) as Transaction, { query: inTx }));
    });
  }

  return new Proxy(pg, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
