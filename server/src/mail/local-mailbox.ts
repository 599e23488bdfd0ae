import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mail, Mailer, StoredMail } from './mailer';

/**
 * The embedded default: outgoing mail is kept as JSON files under DATA_DIR/mailbox, newest first by
 * name, for a developer to read at /dev/mailbox. Nothing leaves the machine.
 */
export function createLocalMailbox(dir: string): Mailer & { list(limit: number): Promise<StoredMail[]> } {
  return {
    async send(mail: Mail) {
      await mkdir(dir, { recursive: true });
      const stored: StoredMail = { ...mail, created_at: new Date().toISOString() };
      const name = `${Date.now().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}.json`;
      await writeFile(join(dir, name), JSON.stringify(stored));
    },
    async list(limit: number) {
      const names = await readdir(dir).catch(() => [] as string[]);
      const newest = names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, limit);
      return Promise.all(
        newest.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredMail),
      );
    },
    async close() {},
  };
}
