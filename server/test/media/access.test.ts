import type { MediaResponse } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { messages } from '../../src/db/schema';
import { mediaForMessage, mediaForMessages } from '../../src/media';
import { fanAndCreator, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo, webMp4 } from './helpers/fixtures';
import { messageWithMedia } from './helpers/messages';
import { fetchMedia, settled, upload } from './helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function uploaded(token: string, data: Buffer, type = 'paid_message'): Promise<MediaResponse> {
  const res = await upload(t.app, token, { data }, { type });
  expect(res.statusCode).toBe(200);
  return settled(t.app, token, (res.json() as MediaResponse).media_id);
}

describe('paid media', () => {
  it('stays locked for a fan who has not bought it, and opens once they buy', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500 });
    const item = await uploaded(creator.token, webMp4());
    const msg = await messageWithMedia(t, {
      chatId,
      senderId: creator.user.id,
      recipientId: fan.user.id,
      mediaId: item.media_id,
      price: 50,
      type: 'video',
    });

    const locked = await mediaForMessage(t.app.media, item.media_id, fan.user.id, {
      paid: true,
      bought: false,
      isSender: false,
    });
    expect(locked).toMatchObject({ locked: true, video_url: null });
    expect(locked?.th).toMatch(/\/bl\.jpg$/);
    expect(new Set([locked?.th, locked?.st, locked?.rt, locked?.sr]).size).toBe(1);
    expect((await fetchMedia(t.app, locked?.th as string)).statusCode).toBe(200);

    // Full renditions signed for the fan (as a client might forge the name) are refused until the purchase.
    const full = await mediaForMessage(t.app.media, item.media_id, fan.user.id, {
      paid: true,
      bought: true,
      isSender: false,
    });
    for (const url of [full?.st, full?.th, full?.video_url])
      expect((await fetchMedia(t.app, url as string)).statusCode).toBe(404);
    // So is the public id route's full view.
    const byPublic = await fan.api.get(`/v1/users/images/public_id/${item.public_id}`);
    expect(byPublic.json()).toMatchObject({ media: { locked: true, video_url: null } });

    const bought = await fan.api.patch(`/v1/messages/${msg.id}/buy`);
    expect(bought.statusCode).toBe(200);
    for (const url of [full?.st, full?.th, full?.video_url])
      expect((await fetchMedia(t.app, url as string)).statusCode).toBe(200);
    expect((await fan.api.get(`/v1/users/images/public_id/${item.public_id}`)).json()).toMatchObject({
      media: { locked: false },
    });

    // The sender always sees everything.
    const mine = await mediaForMessage(t.app.media, item.media_id, creator.user.id, {
      paid: true,
      bought: false,
      isSender: true,
    });
    expect((await fetchMedia(t.app, mine?.video_url as string)).statusCode).toBe(200);
  });

  it('stays visible to a buyer after the creator deletes it from the vault or the message', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500 });
    const item = await uploaded(creator.token, await photo({ width: 400, height: 300 }));
    const msg = await messageWithMedia(t, {
      chatId,
      senderId: creator.user.id,
      recipientId: fan.user.id,
      mediaId: item.media_id,
      price: 20,
    });
    expect((await fan.api.patch(`/v1/messages/${msg.id}/buy`)).statusCode).toBe(200);

    expect((await creator.api.delete('/v1/media', { ids: [item.media_id] })).json()).toEqual({ deleted: 1 });
    await t.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, msg.id));
    const view = await mediaForMessage(t.app.media, item.media_id, fan.user.id, {
      paid: true,
      bought: true,
      isSender: false,
    });
    expect((await fetchMedia(t.app, view?.st as string)).statusCode).toBe(200);
    // Deleted media cannot be sent again.
    const again = await creator.api.post('/v1/messages', {
      ...text(fan.user.id, ''),
      type: 'image',
      media_id: item.media_id,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This media cannot be sent.');
  });
});

describe('free media', () => {
  it('is seen in full by its recipient, and by nobody outside the chat', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t);
    const item = await uploaded(creator.token, await photo({ width: 500, height: 300 }), 'message');
    await messageWithMedia(t, {
      chatId,
      senderId: creator.user.id,
      recipientId: fan.user.id,
      mediaId: item.media_id,
    });
    const [view] = await mediaForMessages(t.app.media, fan.user.id, [
      { mediaId: item.media_id, access: { paid: false, bought: false, isSender: false } },
    ]);
    expect(view?.locked).toBe(false);
    expect((await fetchMedia(t.app, view?.st as string)).statusCode).toBe(200);

    const stranger = await person(t);
    const theirs = await mediaForMessage(t.app.media, item.media_id, stranger.user.id, {
      paid: false,
      bought: false,
      isSender: false,
    });
    expect((await fetchMedia(t.app, theirs?.st as string)).statusCode).toBe(404);
    expect((await fetchMedia(t.app, (theirs?.th ?? '').replace('th.jpg', 'bl.jpg'))).statusCode).toBe(404);
    expect((await stranger.api.get(`/v1/users/images/public_id/${item.public_id}`)).statusCode).toBe(404);
  });
});

describe('signed URLs', () => {
  it('refuse a changed token, another file name, and an expired grant', async () => {
    const { creator } = await fanAndCreator(t);
    const item = await uploaded(creator.token, await photo({ width: 200, height: 200 }), 'message');
    const url = item.media.st as string;
    const [, , token] = url.split('/');
    const flipped = `${token?.slice(0, 10)}${token?.[10] === 'A' ? 'B' : 'A'}${token?.slice(11)}`;
    expect((await fetchMedia(t.app, `/media/${flipped}/st.jpg`)).statusCode).toBe(404);
    expect((await fetchMedia(t.app, `/media/${token}/th.jpg`)).statusCode).toBe(404);
    expect((await fetchMedia(t.app, `/media/${token}/original`)).statusCode).toBe(404);
    expect((await fetchMedia(t.app, url)).statusCode).toBe(200);
    const later = Date.now() + 3 * 3600_000;
    const spy = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await fetchMedia(t.app, url)).statusCode).toBe(404);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('sending media', () => {
  it("accepts only the sender's own ready media", async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const item = await uploaded(creator.token, await photo({ width: 210, height: 200 }), 'message');
    const image = (to: string, mediaId: string) => ({ ...text(to, ''), type: 'image', media_id: mediaId });
    const own = await creator.api.post('/v1/messages', image(fan.user.id, item.media_id));
    expect(own.statusCode).toBe(200);
    const someoneElses = await fan.api.post('/v1/messages', image(creator.user.id, item.media_id));
    expect(someoneElses.statusCode).toBe(400);
    expect(someoneElses.json().message).toBe('This media cannot be sent.');
    const noId = await creator.api.post('/v1/messages', image(fan.user.id, 'not-a-uuid'));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe('This media cannot be sent.');
  });
});
