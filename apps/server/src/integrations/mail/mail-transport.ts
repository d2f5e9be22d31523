/** One e-mail the product sends (password reset, address verification). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

/** Where e-mails go: an SMTP server in production, a local outbox in the demo and the tests. */
export interface MailTransport {
  /** Resolves once the message is handed over; rejects when it could not be. */
  send(message: MailMessage): Promise<void>;
}
