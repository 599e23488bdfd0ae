import { and, asc, eq, sql } from 'drizzle-orm';
import { deliverAutoMessages } from '../../src/auto-messages/deliver';
import { userEvents } from '../../src/db/schema';
import { putAuto, textMessage } from '../auto-messages/helpers';
import { broadcaster, broadcastNow, fanOf } from '../broadcasts/helpers';
import { fanAndCreator, text, type Party } from '../helpers/chats';
import { appForFile } from '../helpers/file-app';

const t = appForFile();

/** The `was_hidden` of each `new_message` a person was sent since `afterSeq`, in order. */
async function wasHidden(userId: string, afterSeq = 0) {
  const events = await t.db
    .select({ seq: userEvents.seq, payload: userEvents.payload })
    .from(userEvents)
    .where(
      and(
        eq(userEvents.userId, userId),
        eq(userEvents.type, 'new_message'),
        sql`${userEvents.seq} > ${afterSeq}`,
      ),
    )
    .orderBy(asc(userEvents.seq));
  return events.map((e) => (e.payload as { was_hidden?: boolean }).was_hidden ?? false);
}

async function lastSeq(userId: string) {
  const [row] = await t.db
    .select({ seq: sql<number>`coalesce(max(${userEvents.seq}), 0)::int` })
    .from(userEvents)
    .where(eq(userEvents.userId, userId));
  return row?.seq ?? 0;
}

async function hide(who: Party, chatId: string) {
  expect((await who.api.patch('/v1/chats', { action: 'hide', ids: [chatId] })).statusCode).toBe(200);
}

describe('a message into a chat its recipient had hidden', () => {
  it('is marked was_hidden for the recipient only, once: the chat is back for the next one', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    await hide(creator, chatId);
    const since = await lastSeq(creator.user.id);
    const fanSince = await lastSeq(fan.user.id);
    for (const words of ['back again', 'and again'])
      expect((await fan.api.post('/v1/messages', text(creator.user.id, words))).statusCode).toBe(200);
    expect(await wasHidden(creator.user.id, since)).toEqual([true, false]);
    expect(await wasHidden(fan.user.id, fanSince)).toEqual([false, false]);
  });

  it('is marked in a broadcast for the fans who had hidden the chat, not the others', async () => {
    const creator = await broadcaster(t);
    const [quiet, listening] = [await fanOf(t, creator), await fanOf(t, creator)];
    await hide(quiet, quiet.chatId);
    const since = { quiet: await lastSeq(quiet.user.id), listening: await lastSeq(listening.user.id) };
    await broadcastNow(t, creator);
    expect(await wasHidden(quiet.user.id, since.quiet)).toEqual([true]);
    expect(await wasHidden(listening.user.id, since.listening)).toEqual([false]);
  });

  it('is marked in an auto-message', async () => {
    const creator = await broadcaster(t);
    const fan = await fanOf(t, creator);
    await hide(fan, fan.chatId);
    await putAuto(t, creator, { category: 'welcome', auto_messages: [textMessage('Welcome back')] });
    const since = await lastSeq(fan.user.id);
    const job = { creatorId: creator.user.id, fanId: fan.user.id, category: 'welcome' as const };
    expect(await deliverAutoMessages({ db: t.db, realtime: t.app.realtime }, job)).toBe(1);
    expect(await wasHidden(fan.user.id, since)).toEqual([true]);
  });
});
