import type { FeedItem, MediaResponse } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import { creditsOf } from '../../src/ledger/ledger';
import { follows } from '../../src/db/schema';
import { fanAndCreator, grantCredits, type Party, person } from '../helpers/chats';
import { insertSubscription } from '../helpers/subscriptions';
import type { TestApp } from '../helpers/test-app';
import { photo } from '../media/helpers/fixtures';
import { settled, upload } from '../media/helpers/upload';

const DAY_MS = 86_400_000;

/** A subscription row as the subscriptions code will write it (that code is not the feed's). */
export async function subscribe(
  t: TestApp,
  fan: Party,
  creator: Party,
  status: 'active' | 'canceled' | 'expired' = 'active',
  endsInDays = 20,
): Promise<void> {
  await insertSubscription(t, fan, creator, {
    status,
    price: 50,
    currentPeriodEnd: new Date(Date.now() + endsInDays * DAY_MS),
    ...(status === 'active' ? {} : { canceledAt: new Date() }),
  });
}

export async function follow(t: TestApp, fan: Party, creator: Party): Promise<void> {
  await t.db.insert(follows).values({ followerId: fan.user.id, creatorId: creator.user.id });
}

/** The people of the rights matrix around one creator. */
export async function feedWorld(t: TestApp) {
  // The fan paid the creator in chat: a text message at the creator's rate.
  const { fan, creator } = await fanAndCreator(t, { credits: 100, rate: 10 });
  const sent = await fan.api.post('/v1/messages', {
    type: 'text',
    recipient_id: creator.user.id,
    text: 'hello',
    send_id: randomUUID(),
  });
  if (sent.statusCode !== 200) throw new Error(`chat message not sent: ${sent.body}`);
  if ((await creditsOf(t.db, fan.user.id)) >= 100) throw new Error('the chat message was free');
  const stranger = await person(t, { type: 'user' });
  const follower = await person(t, { type: 'user' });
  const subscriber = await person(t, { type: 'user' });
  await follow(t, follower, creator);
  await subscribe(t, subscriber, creator);
  return { creator, fan, stranger, follower, subscriber };
}

let width = 200;
/** A ready photo of the creator's, different bytes each time (uploads of the same bytes are one media). */
export async function readyPhoto(t: TestApp, owner: Party): Promise<MediaResponse> {
  width += 2;
  const res = await upload(t.app, owner.token, { data: await photo({ width, height: 120 }) });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return settled(t.app, owner.token, (res.json() as MediaResponse).media_id);
}

/** Posts as the creator; the answer's item. */
export async function post(creator: Party, body: Record<string, unknown>): Promise<FeedItem> {
  const res = await creator.api.post('/v1/feed', { send_id: randomUUID(), ...body });
  if (res.statusCode !== 200) throw new Error(`post failed: ${res.body}`);
  return (res.json() as { data: FeedItem }).data;
}

export async function richFan(t: TestApp, credits: number): Promise<Party> {
  const p = await person(t, { type: 'user' });
  await grantCredits(t.db, p.user.id, credits);
  return p;
}
