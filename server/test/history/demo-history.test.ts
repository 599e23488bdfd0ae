import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { issueAccessToken } from '../../src/auth/tokens';
import { users } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { seedDemoChats } from '../../src/seed/demo-chats';
import { seedDemoEarnings } from '../../src/seed/demo-earnings';
import { seedDemoHistory } from '../../src/seed/demo-history';
import { seedDemoProfiles } from '../../src/seed/demo-profiles';
import { seedDemoTips } from '../../src/seed/demo-tips';
import { demoEmail, seedDemoWorld } from '../../src/seed/demo-world';
import { as } from '../helpers/api';
import { balancedAppForFile } from '../helpers/file-app';
import { allRows } from './world';

const t = balancedAppForFile();

it('gives the demo fan a history with every kind of row, dated in order, adding up', async () => {
  await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
  await seedDemoChats(t.app);
  await seedDemoProfiles(t.app);
  await seedDemoEarnings(t.app);
  await seedDemoTips(t.app);
  await seedDemoHistory(t.app);
  const [alex] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('alex-fan')));
  if (!alex) throw new Error('no alex-fan');
  const token = await issueAccessToken(t.db, alex.id);
  const rows = await allRows({ user: alex, token, api: as(t.app, token) });

  expect(new Set(rows.map((r) => r.kind))).toEqual(
    new Set([
      'credit_purchase',
      'paid_message',
      'chat_unlock',
      'tip',
      'post_tip',
      'post_unlock',
      'subscription',
      'renewal',
      'refund',
      'chargeback',
      'unlock_reversed',
      'credit_grant',
    ]),
  );
  expect(rows[0]?.balance_after).toBe(await creditsOf(t.db, alex.id));
  expect(rows.every((r) => r.balance_after >= 0)).toBe(true);
  const dates = rows.map((r) => r.created_at);
  expect(dates).toEqual([...dates].sort().reverse());
}, 240_000);
