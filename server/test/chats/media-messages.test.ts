import type { MediaResponse } from '@cove/contracts';
import { fanAndCreator, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from '../media/helpers/fixtures';
import { settled, upload } from '../media/helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function uploadedPhoto(token: string): Promise<MediaResponse> {
  const res = await upload(t.app, token, { data: await photo() }, { type: 'paid_message' });
  expect(res.statusCode).toBe(200);
  return settled(t.app, token, (res.json() as MediaResponse).media_id);
}

describe('photo messages', () => {
  it('sends a paid photo that the fan sees blurred until they buy it', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    const item = await uploadedPhoto(creator.token);
    const sent = await creator.api.post(
      '/v1/messages',
      text(fan.user.id, 'New set', { type: 'image', media_id: item.media_id, price: 40 }),
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.media).toMatchObject({ media_id: item.media_id, locked: false });

    const locked = (await fan.api.get(`/v1/chats/${chatId}/messages`)).json().data[0];
    expect(locked).toMatchObject({
      type: 'image',
      price: 40,
      media_id: null,
      media: { locked: true, video_url: null },
    });
    const preview = await t.app.inject({ url: locked.media.th });
    expect(preview.statusCode).toBe(200);

    const bought = (await fan.api.patch(`/v1/messages/${sent.json().data._id}/buy`)).json();
    expect(bought.data).toMatchObject({
      paid: true,
      text: 'New set',
      media: { media_id: item.media_id, locked: false },
    });
    const full = await t.app.inject({ url: bought.data.media.st });
    expect([full.statusCode, full.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('refuses media that is not the sender\u2019s, and a photo sent as a video', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const other = await person(t, { type: 'featured' });
    const theirs = await uploadedPhoto(other.token);
    const stolen = await creator.api.post(
      '/v1/messages',
      text(fan.user.id, '', { type: 'image', media_id: theirs.media_id }),
    );
    expect(stolen.statusCode).toBe(400);
    const mine = await uploadedPhoto(creator.token);
    const wrong = await creator.api.post(
      '/v1/messages',
      text(fan.user.id, '', { type: 'video', media_id: mine.media_id }),
    );
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'This file is not a video.']);
    const none = await creator.api.post('/v1/messages', text(fan.user.id, '', { type: 'image' }));
    expect([none.statusCode, none.json().message]).toEqual([
      400,
      'Photo and video messages need an uploaded file.',
    ]);
  });
});
