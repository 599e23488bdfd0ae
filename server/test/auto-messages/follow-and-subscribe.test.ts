import { randomUUID } from 'node:crypto';
import { grantCredits } from '../helpers/chats';
import { dueNow } from '../helpers/jobs';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { autoMessagesTo, awaitAutoMessages, settle, textMessage } from './helpers';
import { creatorWith, fan, follow, jobsOf } from './trigger-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('new follower', () => {
  it('sends once, however often the fan follows again', async () => {
    const creator = await creatorWith(t, 'new_follower', [textMessage('Thanks for following!')]);
    const someone = await fan(t);
    expect((await follow(someone, creator)).statusCode).toBe(200);
    const [message] = await awaitAutoMessages(t, creator, someone, 1);
    expect(message).toMatchObject({ text: 'Thanks for following!', type: 'text', price: 0, system: false });
    await someone.api.delete(`/v1/users/${creator.user.id}/follow`);
    await follow(someone, creator);
    await follow(someone, creator);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(1);
  });

  it('waits out the delay (pg-boss startAfter)', async () => {
    const creator = await creatorWith(t, 'new_follower', [textMessage('later')], { delay_minutes: 30 });
    const someone = await fan(t);
    await follow(someone, creator);
    const [job] = await jobsOf(t, creator, someone, 'new_follower');
    expect(job?.delay_s).toBeGreaterThanOrEqual(30 * 60 - 5);
    expect(job?.delay_s).toBeLessThanOrEqual(30 * 60 + 5);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);
    await dueNow(t.db, job?.id ?? '');
    expect(await awaitAutoMessages(t, creator, someone, 1)).toHaveLength(1);
  });
});

describe('new subscriber', () => {
  it('sends when a fan subscribes', async () => {
    const creator = await creatorWith(t, 'new_subscriber', [textMessage('Welcome, subscriber')]);
    const someone = await fan(t);
    await grantCredits(t.db, someone.user.id, 100);
    const res = await someone.api.post('/v1/subscriptions', {
      model_id: creator.user.id,
      send_id: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    expect((await awaitAutoMessages(t, creator, someone, 1))[0]?.text).toBe('Welcome, subscriber');
  });
});
