import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVAPIDKeys } from 'web-push';
import type { PushSettings } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The server's VAPID identity: the configured keys when set (every instance must sign with one pair,
 * or browsers' subscriptions made against one instance's key fail on another), otherwise a pair made
 * on first start and kept in DATA_DIR/vapid.json (mode 600). Changing the pair orphans every
 * subscription: browsers subscribe again on their next visit.
 */
export function vapidKeys(settings: PushSettings, dataDir: string): VapidKeys {
  const subject = settings.vapidSubject;
  if (settings.vapidPublicKey && settings.vapidPrivateKey) {
    return { publicKey: settings.vapidPublicKey, privateKey: settings.vapidPrivateKey, subject };
  }
  const path = join(dataDir, 'vapid.json');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, JSON.stringify(generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const kept = JSON.parse(readFileSync(path, 'utf8')) as Partial<VapidKeys>;
  if (!kept.publicKey || !kept.privateKey)
    throw new Error(`${path} holds no VAPID keys; delete it to make new ones`);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}
