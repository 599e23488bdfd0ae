import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ledgerTransactions, messages } from '../../src/db/schema';
import { balanceMismatches, balanceOf, creditsOf } from '../../src/ledger/ledger';
import { appForFile } from '../helpers/file-app';
import { fanAndCreator, type Party, person } from '../helpers/chats';
import { post, readyPhoto, richFan } from './world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

const money = async (fan: Party, creator: Party) => ({
  credits: await creditsOf(t.db, fan.user.id),
  earnings: await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' }),
});

/** The thread of a chat as one member reads it. */
async function thread(who: Party, chatId: string) {
  const res = await who.api.get(`/v1/chats/${chatId}/messages?limit=20`);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    type: string;
    cost?: number;
    tip_note?: string | null;
    tip_post_id?: string | null;
  }[];
}

describe('POST /v1/messages/tip with a custom amount and a message', () => {
  it('charges the amount once and shows the message to both in the thread', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500, rate: 0 });
    const res = await fan.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 37,
      send_id: randomUUID(),
      message: '  For the Porto photos!  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { type: 'tip_user', tip_note: 'For the Porto photos!' },
      credits: 463,
    });
    expect(await money(fan, creator)).toEqual({ credits: 463, earnings: 29 });
    expect((await thread(creator, chatId)).find((m) => m.type === 'tip_model')).toMatchObject({
      tip_note: 'For the Porto photos!',
    });
  });

  it.each([
    ['nothing', 0],
    ['above $500', 5001],
    ['a fraction of a credit', 2.5],
  ])('refuses %s with 400 and charges nothing', async (_, amount) => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 9000, rate: 0 });
    const res = await fan.api.post('/v1/messages/tip', { chat_id: chatId, amount, send_id: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
    expect(await money(fan, creator)).toEqual({ credits: 9000, earnings: 0 });
  });

  it('takes $500 exactly, and refuses a message over 200 characters', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 9000, rate: 0 });
    const long = await fan.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 10,
      send_id: randomUUID(),
      message: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(await money(fan, creator)).toEqual({ credits: 9000, earnings: 0 });
    const top = await fan.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 5000,
      send_id: randomUUID(),
    });
    expect(top.statusCode).toBe(200);
    expect(await money(fan, creator)).toEqual({ credits: 4000, earnings: 4000 });
  });

  it('refuses a message the keyword lists block', async () => {
    const { fan, chatId } = await fanAndCreator(t, { credits: 100, rate: 0 });
    const res = await fan.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 10,
      send_id: randomUUID(),
      message: 'pay me at https://example.com',
    });
    expect([res.statusCode, res.json().code]).toEqual([422, 'text_blocked']);
    expect(await creditsOf(t.db, fan.user.id)).toBe(100);
  });

  it('answers the first tip to its retry, and 409 to the same key with another message', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500, rate: 0 });
    const body = { chat_id: chatId, amount: 50, send_id: randomUUID(), message: 'thanks' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fan.api.post('/v1/messages/tip', body)),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
    const other = await fan.api.post('/v1/messages/tip', { ...body, message: 'thanks again' });
    expect([other.statusCode, other.json().code]).toEqual([409, 'send_id_reused']);
    expect(await money(fan, creator)).toEqual({ credits: 450, earnings: 40 });
  });
});

describe('POST /v1/feed/:id/tip', () => {
  const tipPost = (fan: Party, postId: string, body: object) =>
    fan.api.post(`/v1/feed/${postId}/tip`, { send_id: randomUUID(), ...body });

  it("tips the post's creator in the fan's chat with them, naming the post, and counts as the creator's earnings", async () => {
    const creator = await person(t, { type: 'featured' });
    const fan = await richFan(t, 300);
    const item = await post(creator, { type: 'text', text: 'Sunrise over the Douro' });
    const res = await tipPost(fan, item._id, { amount: 120, message: 'Stunning' });
    expect(res.statusCode).toBe(200);
    const tip = res.json();
    expect(tip).toMatchObject({
      data: { type: 'tip_user', tip_note: 'Stunning', tip_post_id: item._id, recipient_id: creator.user.id },
      credits: 180,
    });
    expect(await money(fan, creator)).toEqual({ credits: 180, earnings: 96 });
    // The creator reads it in the chat; the fan finds the charge with the post it was for.
    expect((await thread(creator, tip.data.chat_id)).find((m) => m.type === 'tip_model')).toMatchObject({
      tip_note: 'Stunning',
      tip_post_id: item._id,
    });
    const [charge] = await t.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.kind, 'tip'), eq(ledgerTransactions.idempotencyKey, `tip:${tip.data._id}`)),
      );
    expect(charge?.reference).toMatchObject({ post_id: item._id, chat_id: tip.data.chat_id });
    // The fan finds it in his history as a tip on that post.
    const history = (await fan.api.get('/v1/history')).json() as {
      data: { kind: string; amount: number; post_id: string | null }[];
    };
    expect(history.data).toContainEqual(
      expect.objectContaining({ kind: 'post_tip', amount: -120, post_id: item._id }),
    );
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it('charges once for 30 concurrent tips with one key, and 409s that key with another body', async () => {
    const creator = await person(t, { type: 'featured' });
    const fan = await richFan(t, 300);
    const item = await post(creator, { type: 'text', text: 'hello' });
    const body = { amount: 25, send_id: randomUUID(), message: 'once' };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => fan.api.post(`/v1/feed/${item._id}/tip`, body)),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
    for (const changed of [{ amount: 26 }, { message: 'twice' }]) {
      const res = await fan.api.post(`/v1/feed/${item._id}/tip`, { ...body, ...changed });
      expect([res.statusCode, res.json().code]).toEqual([409, 'send_id_reused']);
    }
    expect(await money(fan, creator)).toEqual({ credits: 275, earnings: 20 });
    expect(
      await t.db.$count(messages, and(eq(messages.senderId, fan.user.id), eq(messages.type, 'tip_user'))),
    ).toBe(1);
  });

  it('refuses a fan without enough credits with 402 and charges nothing', async () => {
    const creator = await person(t, { type: 'featured' });
    const fan = await richFan(t, 20);
    const item = await post(creator, { type: 'text', text: 'hello' });
    const res = await tipPost(fan, item._id, { amount: 21 });
    expect([res.statusCode, res.json().code]).toEqual([402, 'not_enough_credits']);
    expect(await money(fan, creator)).toEqual({ credits: 20, earnings: 0 });
  });

  it.each(['creator blocks', 'fan blocks'] as const)(
    'when the %s the other, refuses with 403 and moves nothing',
    async (who) => {
      const creator = await person(t, { type: 'featured' });
      const fan = await richFan(t, 300);
      const item = await post(creator, { type: 'text', text: 'hello' });
      const [blocker, blocked] = who === 'creator blocks' ? [creator, fan] : [fan, creator];
      expect((await blocker.api.post(`/v1/users/${blocked.user.id}/block`)).statusCode).toBe(200);
      const res = await tipPost(fan, item._id, { amount: 10 });
      expect([res.statusCode, res.json().code]).toEqual([403, 'creator_unavailable']);
      expect(await money(fan, creator)).toEqual({ credits: 300, earnings: 0 });
    },
  );

  it('refuses a deleted or unknown post with 404, its own creator with 400, and amounts out of bounds', async () => {
    const creator = await person(t, { type: 'featured' });
    const fan = await richFan(t, 9000);
    const item = await post(creator, { type: 'text', text: 'gone soon' });
    expect((await tipPost(fan, randomUUID(), { amount: 10 })).statusCode).toBe(404);
    expect((await tipPost(fan, item._id, { amount: 0 })).statusCode).toBe(400);
    expect((await tipPost(fan, item._id, { amount: 5001 })).statusCode).toBe(400);
    expect((await tipPost(creator, item._id, { amount: 10 })).json().code).toBe('tip_not_allowed');
    expect((await creator.api.delete(`/v1/feed/${item._id}`)).statusCode).toBe(204);
    expect((await tipPost(fan, item._id, { amount: 10 })).statusCode).toBe(404);
    expect(await money(fan, creator)).toEqual({ credits: 9000, earnings: 0 });
  });
});

describe('nothing bought blind', () => {
  it("shows a locked paid text post's first line and its length, never the rest", async () => {
    const creator = await person(t, { type: 'featured' });
    const fan = await richFan(t, 100);
    await post(creator, {
      type: 'text',
      text: 'My Porto guide: where locals eat\nDay 1: the secret tasca',
      price: 60,
    });
    const page = (await fan.api.get(`/v1/feed?model_id=${creator.user.id}`)).json();
    expect(page.data[0]).toMatchObject({
      text: '',
      teaser: 'My Porto guide: where locals eat',
      words: 11,
      unlocked: false,
      unlock_by: 'buy',
    });
    expect(JSON.stringify(page.data[0])).not.toContain('tasca');
  });

  it("shows a locked photo's caption but not the photo", async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100, rate: 0 });
    const photo = await readyPhoto(t, creator);
    const sent = await creator.api.post('/v1/messages', {
      type: 'image',
      recipient_id: fan.user.id,
      text: 'Sunset from the bridge',
      media_id: photo.media_id,
      price: 30,
      send_id: randomUUID(),
    });
    expect(sent.statusCode).toBe(200);
    const res = await fan.api.get(`/v1/messages?ids=${sent.json().data._id}`);
    expect(res.json().data[0]).toMatchObject({ text: 'Sunset from the bridge', media_id: null, paid: false });
  });
});
