import { join } from 'node:path';
import type { Config } from '../config';
import { createLocalMailbox } from './local-mailbox';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp';

export type { Mailer, StoredMail } from './mailer';
export { createLocalMailbox } from './local-mailbox';

export const mailboxDir = (dataDir: string) => join(dataDir, 'mailbox');

export function createMailer(config: Config): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createLocalMailbox(mailboxDir(config.dataDir));
}
