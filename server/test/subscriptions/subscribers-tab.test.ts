import { eq } from 'drizzle-orm';
import { subscriptions } from '../../src/db/schema';
import { renewDue } from '../../src/subscriptions/renew';
import { grantCredits, type Party, person } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { subscribeTo, subscriptionOf } from './helpers';

const t = balancedAppForFile();

const others = async (creator: Party, type: string) => {
  const res = await creator.api.get(`/v1/chats?type=${type}`);
  expect(res.statusCode).toBe(200);
  return res
    .json()
    .data.map((c: { recipient_id: string }) => c.recipient_id)
    .sort();
};
const total = async (creator: Party) => (await creator.api.get('/v1/chats/total')).json().subscribers;

it("lists and counts the creator's chats with fans whose subscription gives access now", async () => {
  const creator = await person(t, { type: 'featured', subscriptionPrice: 100 });
  const fans = await Promise.all(Array.from({ length: 5 }, () => person(t, { type: 'user' })));
  const [active, canceled, lapsed, chatOnly, pastEnd] = fans as [Party, Party, Party, Party, Party];
  for (const fan of fans) await grantCredits(t.db, fan.user.id, fan === lapsed ? 100 : 1000);
  expect((await chatOnly.api.post('/v1/chat', { recipient_id: creator.user.id })).statusCode).toBe(200);
  for (const fan of [active, canceled, lapsed, pastEnd])
    expect((await subscribeTo(fan, creator)).statusCode).toBe(200);
  expect(await total(creator)).toBe(4);

  const canceledRow = await subscriptionOf(t, canceled, creator);
  expect((await canceled.api.delete(`/v1/subscriptions?ids=${canceledRow.id}`)).json().canceled).toBe(1);
  // Its month is made to end now, and the sweep finds no credits to renew it.
  const lapsedRow = await subscriptionOf(t, lapsed, creator);
  await t.db
    .update(subscriptions)
    .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.id, lapsedRow.id));
  await renewDue({ db: t.db, realtime: t.app.realtime });
  expect((await subscriptionOf(t, lapsed, creator)).status).toBe('expired');
  // Canceled, and its period over, though no sweep has ended it yet.
  const pastEndRow = await subscriptionOf(t, pastEnd, creator);
  await pastEnd.api.delete(`/v1/subscriptions?ids=${pastEndRow.id}`);
  await t.db
    .update(subscriptions)
    .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.id, pastEndRow.id));

  expect(await others(creator, 'subscribers')).toEqual([active.user.id, canceled.user.id].sort());
  expect(await total(creator)).toBe(2);
  // Every payer counts as a fan of the creator's list, subscribers included.
  expect(await others(creator, 'fans2')).toEqual(
    [active.user.id, canceled.user.id, lapsed.user.id, pastEnd.user.id].sort(),
  );

  // A hidden chat leaves the tab and its total alike.
  const listed = await creator.api.get(`/v1/chats?type=subscribers`);
  const activeChat = listed
    .json()
    .data.find((c: { recipient_id: string }) => c.recipient_id === active.user.id);
  const patched = await creator.api.patch('/v1/chats', { ids: [activeChat._id], action: 'hide' });
  expect(patched.statusCode).toBe(200);
  expect(await others(creator, 'subscribers')).toEqual([canceled.user.id]);
  expect(await total(creator)).toBe(1);
});
