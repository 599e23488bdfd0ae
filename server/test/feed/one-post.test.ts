import type { FeedItem } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { feedWorld, post } from './world';

let t: TestApp;
let world: Awaited<ReturnType<typeof feedWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await feedWorld(t);
}, 120_000);
afterAll(() => t.close(), 30_000);

const one = (viewer: typeof world.stranger, id: string) =>
  viewer.api.get(`/v1/feed/${encodeURIComponent(id)}`);

it('answers a post far down the feed as the viewer sees it there: open or locked, nothing more', async () => {
  const first = await post(world.creator, {
    type: 'text',
    text: 'For followers, paid',
    audience: 'follower',
    price: 30,
  });
  // Pushed off the feed's first page by newer posts.
  for (let i = 0; i < 21; i++)
    await post(world.creator, { type: 'text', text: `Newer ${i}`, audience: 'user' });
  const firstPage = await world.follower.api.get(`/v1/feed?model_id=${world.creator.user.id}`);
  expect((firstPage.json() as { data: FeedItem[] }).data.map((p) => p._id)).not.toContain(first._id);

  const own = await one(world.creator, first._id);
  expect(own.statusCode).toBe(200);
  expect(own.json()).toMatchObject({ data: { _id: first._id, unlocked: true, text: 'For followers, paid' } });
  const follower = await one(world.follower, first._id);
  expect(follower.json()).toMatchObject({ data: { unlocked: false, unlock_by: 'buy', text: '', price: 30 } });
  const stranger = await one(world.stranger, first._id);
  expect(stranger.json()).toMatchObject({ data: { unlocked: false, unlock_by: 'follow', text: '' } });
});

it('answers 404 for a post that is gone, never was, or is not an id', async () => {
  const gone = await post(world.creator, { type: 'text', text: 'Soon gone', audience: 'user' });
  expect((await world.creator.api.delete(`/v1/feed/${gone._id}`)).statusCode).toBe(204);
  for (const id of [gone._id, randomUUID(), 'not-a-post', "1' or '1'='1"]) {
    const res = await one(world.stranger, id);
    expect({ id, status: res.statusCode, code: res.json().code }).toEqual({
      id,
      status: 404,
      code: 'not_found',
    });
  }
});
