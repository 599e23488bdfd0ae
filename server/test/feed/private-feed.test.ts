import { eq } from 'drizzle-orm';
import type { FeedItem } from '@cove/contracts';
import { users } from '../../src/db/schema';
import { viewOf } from '../../src/media/access';
import { mediaById } from '../../src/media/media-store';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { feedWorld, post, readyPhoto } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPrivate = (id: string, on: boolean) =>
  t.db.update(users).set({ privateFeed: on }).where(eq(users.id, id));

describe('private_feed', () => {
  it("shows the creator's posts to her subscribers only, on every route that lists or opens them", async () => {
    const { creator, follower, subscriber, stranger } = await feedWorld(t);
    const photo = await readyPhoto(t, creator);
    const item = await post(creator, {
      type: 'image',
      text: 'For everyone',
      media_id: photo.media_id,
      audience: 'user',
    });
    const row = await mediaById(t.db, photo.media_id);
    if (!row) throw new Error('no media row');

    const seen = async (p: typeof stranger) => {
      const profile = (await p.api.get(`/v1/feed?model_id=${creator.user.id}`)).json().data as FeedItem[];
      const one = (await p.api.get(`/v1/feed/${item._id}`)).json().data as FeedItem;
      const home = (await p.api.get('/v1/feed')).json().data as FeedItem[];
      return {
        profile: profile.find((i) => i._id === item._id)?.unlocked,
        one: [one.unlocked, one.unlock_by, one.text],
        home: home.find((i) => i._id === item._id)?.unlocked,
        media: await viewOf(t.db, row, p.user.id),
      };
    };

    // Off: a post for everyone is open to everyone signed in.
    expect(await seen(stranger)).toMatchObject({
      profile: true,
      one: [true, null, 'For everyone'],
      media: 'full',
    });
    expect((await seen(follower)).home).toBe(true);

    await setPrivate(creator.user.id, true);
    for (const p of [stranger, follower]) {
      expect(await seen(p)).toMatchObject({ profile: false, one: [false, 'subscribe', ''], media: 'locked' });
    }
    expect((await seen(follower)).home).toBe(false);
    expect(await seen(subscriber)).toMatchObject({
      profile: true,
      one: [true, null, 'For everyone'],
      media: 'full',
    });
    expect((await seen(creator)).one[0]).toBe(true);

    // Turning it off opens the post again as it was.
    await setPrivate(creator.user.id, false);
    expect((await seen(stranger)).one[0]).toBe(true);
  });
});
