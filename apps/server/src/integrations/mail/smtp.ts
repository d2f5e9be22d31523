import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export type SmtpConfig = {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
};

/** E-mails through an SMTP server (SMTP_HOST and friends), with nodemailer. */
export function createSmtpTransport(config: SmtpConfig): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    // A mail server that does not answer must not hold a request for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message: MailMessage) {
      await transporter.sendMail({ from: config.from, ...message });
    },
    close: () => transporter.close(),
  };
}
