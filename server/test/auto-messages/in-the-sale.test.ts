import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { follows } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows';
import { grantCredits, text, type Party } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { textMessage } from './helpers';
import { buy, creatorWith, fan, follow, jobsOf, openChat, paidMessage } from './trigger-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // At each sale's commit (a deferred trigger runs then, inside the transaction), how many
  // auto-message jobs of its fan the same transaction sees.
  await t.db.execute(sql`
    create table jobs_at_commit (fan_id uuid not null, jobs integer not null);
    create function note_jobs_at_commit() returns trigger language plpgsql as $$
    declare v_fan text := to_jsonb(NEW)->>TG_ARGV[0];
    begin
      insert into jobs_at_commit select v_fan::uuid, count(*) from pgboss.job
        where name = 'auto-messages' and singleton_key like '%:' || v_fan || ':%';
      return null;
    end $$;
    create constraint trigger follows_at_commit after insert on follows deferrable initially deferred
      for each row execute function note_jobs_at_commit('follower_id');
    create constraint trigger subscriptions_at_commit after insert on subscriptions
      deferrable initially deferred for each row execute function note_jobs_at_commit('fan_id');
    create constraint trigger purchases_at_commit after insert on purchases deferrable initially deferred
      for each row execute function note_jobs_at_commit('buyer_id');
    create constraint trigger messages_at_commit after insert on messages deferrable initially deferred
      for each row execute function note_jobs_at_commit('sender_id');`);
});
afterAll(async () => {
  await t.close();
});

const jobsAtCommit = async (who: Party) =>
  rowsOf<{ jobs: number }>(
    await t.db.execute(sql`select jobs from jobs_at_commit where fan_id = ${who.user.id}`),
  ).map((r) => r.jobs);

// A delay keeps each job queued, so what is asserted is the queueing, not the delivery.
const later = { delay_minutes: 60 };

describe('a trigger’s job commits in the transaction that makes the sale', () => {
  it.each([
    ['a follow', 'new_follower', async (someone: Party, creator: Party) => follow(someone, creator)],
    [
      'a subscription',
      'new_subscriber',
      async (someone: Party, creator: Party) =>
        someone.api.post('/v1/subscriptions', { model_id: creator.user.id, send_id: randomUUID() }),
    ],
    [
      'a tip',
      'first_purchase',
      async (someone: Party, creator: Party) => {
        const chatId = (await openChat(someone, creator)).json().data._id as string;
        return someone.api.post('/v1/messages/tip', { chat_id: chatId, amount: 20, send_id: randomUUID() });
      },
    ],
    [
      'an unlock',
      'first_purchase',
      async (someone: Party, creator: Party) => {
        await openChat(someone, creator);
        return buy(someone, await paidMessage(creator, someone));
      },
    ],
    [
      'a paid chat message',
      'first_purchase',
      // A fan's message to a creator costs the chat's rate (10 credits).
      async (someone: Party, creator: Party) => {
        await openChat(someone, creator);
        return someone.api.post('/v1/messages', text(creator.user.id, 'hi'));
      },
    ],
  ])('%s: its job is there when it commits', async (_sale, category, sale) => {
    const creator = await creatorWith(t, category, [textMessage('thanks')], later);
    const someone = await fan(t);
    await grantCredits(t.db, someone.user.id, 100);
    expect((await sale(someone, creator)).statusCode).toBe(200);
    const seen = await jobsAtCommit(someone);
    expect(seen.length).toBeGreaterThan(0);
    // Every row the sale wrote saw its job in the same transaction, before the commit.
    expect(seen.every((n) => n === 1)).toBe(true);
    expect(await jobsOf(t, creator, someone, category)).toHaveLength(1);
  });

  it('leaves no job when the sale rolls back after the trigger fired', async () => {
    const creator = await creatorWith(t, 'new_follower', [textMessage('thanks')], later);
    const someone = await fan(t);
    const crash = new Error('the process died before the commit');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(follows).values({ followerId: someone.user.id, creatorId: creator.user.id });
        expect(await t.app.autoMessages.fire(tx, 'new_follower', creator.user.id, someone.user.id)).toBe(
          true,
        );
        throw crash;
      }),
    ).rejects.toBe(crash);
    expect(await jobsOf(t, creator, someone, 'new_follower')).toHaveLength(0);
    // The same follow committed queues it.
    expect((await follow(someone, creator)).statusCode).toBe(200);
    expect(await jobsOf(t, creator, someone, 'new_follower')).toHaveLength(1);
  });
});
