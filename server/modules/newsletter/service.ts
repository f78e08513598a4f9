import { eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import type { NewsletterLinkStatus } from '../../../contract/newsletter';
import { alreadySubscribedMail, confirmMail, welcomeMail } from './mails';

export type NewsletterService = ReturnType<typeof createNewsletterService>;

/**
 * Double opt-in: a sign-up only mails a confirmation link; the address receives the newsletter once the link is
 * opened. The caller's answer is the same for a new, pending, confirmed or unsubscribed address; only the mail
 * differs, and only the owner of the address reads it (docs/decisions/0031-newsletter-double-opt-in.md).
 */
export function createNewsletterService(db: Db, config: Config, mailer: Mailer) {
  const ttlMs = config.newsletter.confirmTtlHours * 3_600_000;
  const link = (action: 'confirm' | 'unsubscribe', token: string) =>
    `${config.publicUrl}/v1/newsletter/${action}?token=${encodeURIComponent(token)}`;

  const find = async (email: string) =>
    (await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).limit(1))[0];

  return {
    async subscribe(email: string): Promise<void> {
      const existing = await find(email);
      if (existing?.status === 'confirmed') {
        const unsubscribeToken = existing.unsubscribeToken ?? newToken();
        if (!existing.unsubscribeToken)
          await db
            .update(newsletterSubscriptions)
            .set({ unsubscribeToken })
            .where(eq(newsletterSubscriptions.id, existing.id));
        await mailer.send(alreadySubscribedMail(email, link('unsubscribe', unsubscribeToken)));
        return;
      }
      const token = newToken();
      const fresh = {
        status: 'pending' as const,
        tokenHash: hashToken(token),
        tokenExpiresAt: new Date(Date.now() + ttlMs),
      };
      if (existing) {
        await db.update(newsletterSubscriptions).set(fresh).where(eq(newsletterSubscriptions.id, existing.id));
      } else {
        // Two sign-ups of one address at once: the second becomes an update of the first.
        await db
          .insert(newsletterSubscriptions)
          .values({ email, unsubscribeToken: newToken(), ...fresh })
          .onConflictDoUpdate({ target: newsletterSubscriptions.email, set: fresh });
      }
      await mailer.send(confirmMail(email, link('confirm', token), config.newsletter.confirmTtlHours));
    },

    /** Opens a confirmation link: the address gets the newsletter from now on, and a welcome with the way out. */
    async confirm(token: string): Promise<NewsletterLinkStatus> {
      const [row] = await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.tokenHash, hashToken(token)))
        .limit(1);
      // A confirmation link from before an unsubscription does not sign the address up again.
      if (!row || row.status === 'unsubscribed') return 'ogiltig-lank';
      if (row.status === 'confirmed') return 'redan-bekraftad';
      if (row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= Date.now()) return 'utgangen-lank';
      const unsubscribeToken = row.unsubscribeToken ?? newToken();
      await db
        .update(newsletterSubscriptions)
        .set({ status: 'confirmed', confirmedAt: new Date(), unsubscribedAt: null, unsubscribeToken })
        .where(eq(newsletterSubscriptions.id, row.id));
      await mailer.send(welcomeMail(row.email, link('unsubscribe', unsubscribeToken)));
      return 'bekraftad';
    },

    /** Opens an unsubscribe link (also a second time: the answer stays 'avslutad'). */
    async unsubscribe(token: string): Promise<NewsletterLinkStatus> {
      const [row] = await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.unsubscribeToken, token))
        .limit(1);
      if (!row) return 'ogiltig-lank';
      if (row.status !== 'unsubscribed') {
        await db
          .update(newsletterSubscriptions)
          .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
          .where(eq(newsletterSubscriptions.id, row.id));
      }
      return 'avslutad';
    },
  };
}
