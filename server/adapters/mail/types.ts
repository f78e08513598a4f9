export type OutgoingMail = { to: string; subject: string; text: string; html?: string; kind: string };

/** Sends mail. The embedded engine writes to the mailbox table; SMTP also delivers it. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
