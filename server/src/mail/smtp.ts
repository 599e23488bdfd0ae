import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer';

/** Real delivery through the SMTP server named by SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail: Mail) {
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
