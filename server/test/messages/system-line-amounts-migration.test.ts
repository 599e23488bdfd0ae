import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { migrationsFolder } from '../../src/paths';
import { migrationsBefore } from '../helpers/migrations-before';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let before: string;
let database: TestDatabase;
beforeAll(async () => {
  before = migrationsBefore('0033_system_line_amounts');
  database = await createTestDatabase(before);
});
afterAll(async () => {
  await database.close();
  rmSync(before, { recursive: true, force: true });
});

it('turns the sentences money lines were stored with into their kind and amount', async () => {
  const { db } = database;
  // A creator and a fan with one chat, every money line as it was written before, each with its
  // viewer, and a subscription whose price a failed renewal named nowhere.
  await db.execute(sql`
    with people as (
      insert into users (email, username, type) values
        ('c@lines.test', 'cara', 'featured'), ('f@lines.test', 'finn', 'user')
      returning id, type
    ), creator as (select id from people where type = 'featured'),
    fan as (select id from people where type = 'user'),
    chat as (
      insert into chats (user_low, user_high)
      select least(c.id, f.id), greatest(c.id, f.id) from creator c, fan f returning id
    ), sub as (
      insert into subscriptions (fan_id, creator_id, status, price, current_period_end, created_at)
      select f.id, c.id, 'expired', 149, now(), now() - interval '40 days' from creator c, fan f
    ), lines (type, to_fan, text, cost) as (values
      ('tip_user', true, 'You tipped 50 credits.', 50),
      ('tip_model', false, 'Tipped you 1 credit.', 1),
      ('for_model_rate_changed', false, 'You changed the rate to 15 credits per message.', 0),
      ('for_user_rate_changed', true, 'Messages in this chat now cost 15 credits.', 0),
      ('intro_ended', true, 'Your intro is over: messages now cost 7 credits per message.', 0),
      ('intro_ended_model', false, 'The intro is over: this fan now pays 7 credits per message.', 0),
      ('for_user_subscription', true, 'You subscribed to cara for $14.90 a month.', 0),
      ('for_model_subscription', false, 'finn subscribed for $1,234.50 a month.', 0),
      ('for_user_subscription', true,
        'Your subscription to cara ended: you did not have enough credits to renew it.', 0),
      ('for_user', true, 'Welcome to Cove.', 0)
    )
    insert into messages (chat_id, sender_id, recipient_id, visible_to, system, type, text, cost)
    select chat.id, case when l.to_fan then c.id else f.id end, case when l.to_fan then f.id else c.id end,
      case when l.to_fan then f.id else c.id end, true, l.type, l.text, l.cost
    from lines l, chat, creator c, fan f`);

  const migrated = openDatabase({ url: database.url, migrationsFolder });
  await migrated.migrate();
  await migrated.close();

  const rows = rowsOf<{ type: string; text: string; notice: unknown }>(
    await db.execute(sql`select type, text, notice from messages order by id`),
  );
  expect(rows).toEqual([
    { type: 'tip_user', text: '', notice: { kind: 'tip', amount: 50 } },
    { type: 'tip_model', text: '', notice: { kind: 'tip', amount: 1 } },
    { type: 'for_model_rate_changed', text: '', notice: { kind: 'rate_changed', amount: 15 } },
    { type: 'for_user_rate_changed', text: '', notice: { kind: 'rate_changed', amount: 15 } },
    { type: 'intro_ended', text: '', notice: { kind: 'intro_ended', amount: 7 } },
    { type: 'intro_ended_model', text: '', notice: { kind: 'intro_ended', amount: 7 } },
    { type: 'for_user_subscription', text: '', notice: { kind: 'subscribed', amount: 149 } },
    { type: 'for_model_subscription', text: '', notice: { kind: 'subscribed', amount: 12345 } },
    { type: 'for_user_subscription', text: '', notice: { kind: 'renewal_failed', amount: 149 } },
    // A line that named no amount keeps its sentence.
    { type: 'for_user', text: 'Welcome to Cove.', notice: null },
  ]);
});
