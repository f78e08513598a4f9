import { tokenResponse } from '../../../contract/auth';
import { currentUser } from '../../../contract/customer';
import { auth, customer, pathTo } from '../../../contract/routes';
import type { OfflineDb, SessionRow } from './database';
import { needsRenewal, readSession, replaceToken, type EngineSession } from './session';
import type { Transport, TransportRequest, TransportResponse } from './transport';

/** The BroadcastChannel on which a renewal by the engine is announced, so the page can store the new token. */
export const SESSION_CHANNEL = 'skafferi-session';
export type SessionMessage = { type: 'session-renewed'; session: EngineSession };

/**
 * Why the engine cannot send for this user now:
 * - unreachable: no answer (or 5xx/429 from renew); back off and try later;
 * - refused: the token cannot be renewed; the user's queue waits for their next login;
 * - changed: the stored session is no longer this user's (logout, another login); stop, nothing is marked;
 * - mismatch: the token belongs to another user than the session says; nothing is sent.
 */
export type NotReady = 'unreachable' | 'refused' | 'changed' | 'mismatch';

export type SendResult = { kind: 'answer'; response: TransportResponse } | { kind: NotReady; error?: unknown };

export interface SessionClientOptions {
  db: OfflineDb;
  transport: Transport;
  /** Told of every token the engine gets by renewal (besides the BroadcastChannel message). */
  onSessionRenewed?: (session: EngineSession) => void;
}

function announce(session: EngineSession, onSessionRenewed?: (session: EngineSession) => void): void {
  onSessionRenewed?.(session);
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike }).BroadcastChannel;
  if (!Channel) return;
  const channel = new Channel(SESSION_CHANNEL);
  const message: SessionMessage = { type: 'session-renewed', session };
  channel.postMessage(message);
  channel.close();
}
interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
}

const plain = ({ userId, token, validTo }: SessionRow): EngineSession => ({ userId, token, validTo });

/**
 * Sends requests with the token of ONE user, the one whose entries are being sent. Renews before a request when the
 * token is due, and once on a 401; never switches to another user's token: if the stored session changes to another
 * user, every further request answers `changed`.
 */
export function createSessionClient(options: SessionClientOptions, start: SessionRow) {
  const { db, transport } = options;
  const userId = start.userId;
  let session: SessionRow = start;
  let renewedOn401 = false;
  let renewing: Promise<'renewed' | NotReady> | null = null;

  async function raw(request: Omit<TransportRequest, 'headers'>, headers: Record<string, string> = {}) {
    return transport({ ...request, headers: { ...headers, Authorization: `Bearer ${session.token}` } });
  }

  /** POST /v1/auth/renew; adopts a token the page stored meanwhile for the same user. */
  async function renew(): Promise<'renewed' | NotReady> {
    const used = session;
    let response: TransportResponse;
    try {
      response = await raw({ method: 'POST', path: pathTo(auth.renew) });
    } catch {
      return (await adoptStored(used)) ?? 'unreachable';
    }
    if (response.status >= 200 && response.status < 300) {
      const parsed = tokenResponse.safeParse(response.body);
      if (!parsed.success) return 'unreachable';
      const next = await replaceToken(db, plain(used), parsed.data);
      if (!next || next.userId !== userId) return 'changed';
      session = next;
      if (next.token === parsed.data.token) announce(plain(next), options.onSessionRenewed);
      return 'renewed';
    }
    if (response.status === 401 || response.status === 403) return (await adoptStored(used)) ?? 'refused';
    return 'unreachable';
  }

  /** The page (or another context) may have renewed first, which made our token useless: use the stored one. */
  async function adoptStored(used: SessionRow): Promise<'renewed' | 'changed' | undefined> {
    const stored = await readSession(db);
    if (!stored || stored.userId !== userId) return 'changed';
    if (stored.token === used.token) return undefined;
    session = stored;
    return 'renewed';
  }

  async function verify(): Promise<'ok' | NotReady> {
    for (let attempt = 0; attempt < 2; attempt++) {
      let response: TransportResponse;
      try {
        response = await raw({ method: 'GET', path: pathTo(customer.me) });
      } catch {
        return 'unreachable';
      }
      if (response.status === 401 && attempt === 0) {
        const renewed = await renew();
        if (renewed !== 'renewed') return renewed;
        continue;
      }
      if (response.status !== 200) return response.status === 401 ? 'refused' : 'unreachable';
      const user = currentUser.safeParse(response.body);
      if (!user.success) return 'unreachable';
      if (user.data.id !== userId) return 'mismatch';
      await db.session
        .where('key')
        .equals('current')
        .and((row) => row.token === session.token)
        .modify({ verified: true });
      session = { ...session, verified: true };
      return 'ok';
    }
    return 'refused';
  }

  return {
    get userId() {
      return userId;
    },
    get session(): EngineSession {
      return plain(session);
    },

    /**
     * Before a request: the stored session must still be this user's (a newer token of theirs is taken); renews
     * when the token is past or within 10 minutes of validTo; checks once that the token is really this user's.
     */
    async prepare(now: number): Promise<'ok' | NotReady> {
      const stored = await readSession(db);
      if (!stored || stored.userId !== userId) return 'changed';
      if (stored.token !== session.token) session = stored;
      if (needsRenewal(session.validTo, now)) {
        const renewed = await renew();
        if (renewed !== 'renewed') return renewed;
      }
      return session.verified ? 'ok' : verify();
    },

    /** Sends one request with this user's token; a 401 renews once (per client) and sends it again. */
    async send(request: Omit<TransportRequest, 'headers'>, headers: Record<string, string> = {}): Promise<SendResult> {
      for (let attempt = 0; ; attempt++) {
        const used = session.token;
        let response: TransportResponse;
        try {
          response = await raw(request, headers);
        } catch (error) {
          return { kind: 'unreachable', error };
        }
        if (response.status !== 401) return { kind: 'answer', response };
        if (attempt >= 2) return { kind: 'refused' };
        if (session.token !== used) continue; // a parallel request renewed meanwhile
        if (!renewing) {
          if (renewedOn401) return { kind: 'refused' };
          renewedOn401 = true;
          renewing = renew().finally(() => {
            renewing = null;
          });
        }
        const renewed = await renewing;
        if (renewed !== 'renewed') return { kind: renewed };
      }
    },
  };
}

export type SessionClient = ReturnType<typeof createSessionClient>;
