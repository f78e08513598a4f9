import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './types';

/** Delivers through an SMTP server given as a URL (smtp://user:pass@host:587 or smtps://…). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail: OutgoingMail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async close() {
      transport.close();
    },
  };
}
