import pg from 'pg';

type Handler = (payload: string) => void;
/** Told `false` when the connection is lost (notifications may be missed from then on), `true` once listening again. */
export type ConnectionWatcher = (listening: boolean) => void;

const RECONNECT_MS = 500;

/**
 * LISTEN on a PostgreSQL server through one connection of its own (a pooled connection would lose its LISTENs when
 * handed to another query). A lost connection is made again after RECONNECT_MS and listens to every channel again;
 * notifications sent while it was down are lost: the watchers hear of the loss and of the return, so that caches that
 * rely on the news keep nothing meanwhile; they also expire, for a connection that dies unseen (decision 0047).
 */
export class PostgresListener {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly watchers = new Set<ConnectionWatcher>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onPayload: Handler, onConnection?: ConnectionWatcher): Promise<() => Promise<void>> {
    if (onConnection) this.watchers.add(onConnection);
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(onPayload);
    const client = await this.connection();
    if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      if (onConnection) this.watchers.delete(onConnection);
      set.delete(onPayload);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.client = client;
    return client;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    if (this.closed) return;
    this.tell(false);
    const retry = () => {
      if (this.closed || this.handlers.size === 0) return;
      this.connection().then(
        () => this.tell(true),
        () => setTimeout(retry, RECONNECT_MS).unref(),
      );
    };
    setTimeout(retry, RECONNECT_MS).unref();
  }

  private tell(listening: boolean) {
    for (const watcher of this.watchers) watcher(listening);
  }
}
