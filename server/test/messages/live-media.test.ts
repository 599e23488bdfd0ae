import type { Message } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import { userEvents } from '../../src/db/schema';
import { bundleBody, sendBundle, vaultMedia } from '../helpers/bundles';
import { fanAndCreator, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The message of the `new_message` event a user was sent for this message. */
async function eventMessage(userId: string, id: string): Promise<Message> {
  const rows = await t.db
    .select()
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), eq(userEvents.type, 'new_message')));
  const found = rows.map((r) => r.payload.message as Message).find((m) => m._id === id);
  if (!found) throw new Error(`no event for message ${id}`);
  return found;
}

async function read(party: { api: { get(u: string): Promise<{ json(): unknown }> } }, id: string) {
  const [message] = ((await party.api.get(`/v1/messages?ids=${id}`)).json() as { data: Message[] }).data;
  if (!message) throw new Error(`message ${id} not visible`);
  return message;
}

describe('a media message arriving by event', () => {
  it('carries a bundle as each side’s read shows it, and no locked item’s full URL to the fan', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500 });
    const items = await vaultMedia(t, creator, { photos: 2, videos: 1 });
    const sent = await sendBundle(
      creator,
      bundleBody(fan.user.id, items, { price: 90, text: 'For you', preview: 0, chat_id: chatId }),
    );

    const fanEvent = await eventMessage(fan.user.id, sent._id);
    expect(fanEvent).toEqual(await read(fan, sent._id));
    expect(fanEvent.media_items?.map((i) => [i.type, i.media?.locked])).toEqual([
      ['image', false],
      ['image', true],
      ['video', true],
    ]);
    const json = JSON.stringify(fanEvent);
    for (const item of items.slice(1))
      for (const name of ['th', 'st', 'sr', 'rt', 'mp4'] as const)
        expect(json).not.toContain(t.app.media.signer.url(item.media_id, name, fan.user.id));

    const creatorEvent = await eventMessage(creator.user.id, sent._id);
    expect(creatorEvent).toEqual(await read(creator, sent._id));
    expect(creatorEvent.media_items?.every((i) => i.media?.locked === false)).toBe(true);
  });

  it('carries a single paid photo locked to the fan and open to the sender', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 500 });
    const [photo] = await vaultMedia(t, creator, { photos: 1 });
    if (!photo) throw new Error('no photo');
    const res = await creator.api.post('/v1/messages', {
      ...text(fan.user.id, 'Sunset'),
      chat_id: chatId,
      type: 'image',
      media_id: photo.media_id,
      price: 30,
    });
    expect(res.statusCode).toBe(200);
    const id = (res.json().data as Message)._id;

    const fanEvent = await eventMessage(fan.user.id, id);
    expect(fanEvent).toEqual(await read(fan, id));
    expect(fanEvent.media).toMatchObject({ locked: true, video_url: null });
    expect(fanEvent.media?.st).toMatch(/\/bl\.jpg$/);
    expect(JSON.stringify(fanEvent)).not.toContain(t.app.media.signer.url(photo.media_id, 'st', fan.user.id));

    const creatorEvent = await eventMessage(creator.user.id, id);
    expect(creatorEvent).toEqual(await read(creator, id));
    expect(creatorEvent.media).toMatchObject({ locked: false });
  });
});
