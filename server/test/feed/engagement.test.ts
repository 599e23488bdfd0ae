import type { FeedItem, PostComment } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import { userEvents } from '../../src/db/schema';
import { appForFile } from '../helpers/file-app';
import { type Party, person } from '../helpers/chats';
import { feedWorld, post, subscribe } from './world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

const creatorWithPost = async (body: Record<string, unknown> = { type: 'text', text: 'Hello' }) => {
  const creator = await person(t, { type: 'featured' });
  return { creator, item: await post(creator, body) };
};
const fan = () => person(t, { type: 'user' });

const like = (who: Party, postId: string) => who.api.put(`/v1/feed/${postId}/like`);
const unlike = (who: Party, postId: string) => who.api.delete(`/v1/feed/${postId}/like`);
const comment = (who: Party, postId: string, text: string) =>
  who.api.post(`/v1/feed/${postId}/comments`, { text });
const comments = async (who: Party, postId: string, query = '') => {
  const res = await who.api.get(`/v1/feed/${postId}/comments${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: PostComment[]; next: string | null; comment_count: number };
};
const seen = async (who: Party, postId: string) => {
  const res = await who.api.get(`/v1/feed/${postId}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: FeedItem }).data;
};
const codeOf = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

async function engagementEvents(p: Party) {
  const rows = await t.db
    .select({ payload: userEvents.payload })
    .from(userEvents)
    .where(and(eq(userEvents.userId, p.user.id), eq(userEvents.type, 'post_engagement')))
    .orderBy(userEvents.seq);
  return rows.map((r) => r.payload);
}

describe('likes', () => {
  it('counts a like once, says the viewer likes it, and undoes it', async () => {
    const { creator, item } = await creatorWithPost();
    const a = await fan();
    expect(item).toMatchObject({ like_count: 0, comment_count: 0, liked: false, pinned: false });
    const first = await like(a, item._id);
    expect(first.json()).toEqual({ liked: true, like_count: 1 });
    expect((await like(a, item._id)).json()).toEqual({ liked: true, like_count: 1 });
    expect(await seen(a, item._id)).toMatchObject({ like_count: 1, liked: true });
    expect(await seen(creator, item._id)).toMatchObject({ like_count: 1, liked: false });
    expect((await unlike(a, item._id)).json()).toEqual({ liked: false, like_count: 0 });
    expect((await unlike(a, item._id)).json()).toEqual({ liked: false, like_count: 0 });
    expect(await seen(a, item._id)).toMatchObject({ like_count: 0, liked: false });
  });

  it('tells the creator and the liker the new counts over the realtime log', async () => {
    const { creator, item } = await creatorWithPost();
    const a = await fan();
    const onlooker = await fan();
    await like(a, item._id);
    const event = { feed_id: item._id, like_count: 1, comment_count: 0 };
    expect(await engagementEvents(creator)).toEqual([event]);
    expect(await engagementEvents(a)).toEqual([event]);
    expect(await engagementEvents(onlooker)).toEqual([]);
    // A like that changes nothing tells no one.
    await like(a, item._id);
    expect(await engagementEvents(creator)).toHaveLength(1);
  });

  it('counts 200 parallel likes by 200 people exactly 200', async () => {
    const { creator, item } = await creatorWithPost();
    const fans = await Promise.all(Array.from({ length: 200 }, fan));
    const answers = await Promise.all(fans.map((f) => like(f, item._id)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect((await seen(creator, item._id)).like_count).toBe(200);
    // The creator's last event says 200 too: the counts reach them in the order they were made.
    expect((await engagementEvents(creator)).at(-1)).toMatchObject({ like_count: 200 });
    const back = await Promise.all(fans.slice(0, 80).map((f) => unlike(f, item._id)));
    expect(new Set(back.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect((await seen(creator, item._id)).like_count).toBe(120);
  });

  it('never drifts when one person likes and unlikes in parallel', async () => {
    const { creator, item } = await creatorWithPost();
    const a = await fan();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? like(a, item._id) : unlike(a, item._id))),
    );
    const after = await seen(a, item._id);
    expect(after.like_count).toBe(after.liked ? 1 : 0);
    await like(a, item._id);
    expect((await seen(creator, item._id)).like_count).toBe(1);
  });

  it('follows who may see the post whole: a locked post answers 403 post_locked', async () => {
    const { creator, stranger, follower, subscriber } = await feedWorld(t);
    const forSubscribers = await post(creator, { type: 'text', text: 'subs only', audience: 'subscriber' });
    const forFollowers = await post(creator, { type: 'text', text: 'followers', audience: 'follower' });
    expect(codeOf(await like(stranger, forSubscribers._id))).toEqual([403, 'post_locked']);
    expect(codeOf(await like(follower, forSubscribers._id))).toEqual([403, 'post_locked']);
    expect(codeOf(await comment(stranger, forFollowers._id, 'hi'))).toEqual([403, 'post_locked']);
    expect((await stranger.api.get(`/v1/feed/${forFollowers._id}/comments`)).statusCode).toBe(403);
    expect((await like(subscriber, forSubscribers._id)).statusCode).toBe(200);
    expect((await like(follower, forFollowers._id)).statusCode).toBe(200);
    expect((await like(creator, forSubscribers._id)).statusCode).toBe(200);
    // The count shows on the locked post all the same.
    expect(await seen(stranger, forSubscribers._id)).toMatchObject({ unlocked: false, like_count: 2 });
  });

  it('answers 404 for a deleted post or an id that is no post', async () => {
    const { creator, item } = await creatorWithPost();
    const a = await fan();
    expect(codeOf(await like(a, 'nope'))).toEqual([404, 'not_found']);
    expect(codeOf(await like(a, '00000000-0000-4000-8000-000000000000'))).toEqual([404, 'not_found']);
    expect((await creator.api.delete(`/v1/feed/${item._id}`)).statusCode).toBe(204);
    expect(codeOf(await like(a, item._id))).toEqual([404, 'not_found']);
    expect(codeOf(await comment(a, item._id, 'late'))).toEqual([404, 'not_found']);
  });
});

describe('comments', () => {
  it('writes a comment, counts it, and lists newest or oldest first a page at a time', async () => {
    const { creator, item } = await creatorWithPost();
    const a = await fan();
    for (const text of ['one', 'two', 'three']) {
      const res = await comment(a, item._id, `  ${text}  `);
      expect(res.statusCode).toBe(200);
    }
    const newest = await comments(creator, item._id, '?limit=2');
    expect(newest.data.map((c) => c.text)).toEqual(['three', 'two']);
    expect(newest.comment_count).toBe(3);
    expect(newest.next).not.toBeNull();
    const rest = await creator.api.get(newest.next ?? '');
    expect((rest.json() as { data: PostComment[] }).data.map((c) => c.text)).toEqual(['one']);
    const oldest = await comments(a, item._id, '?order=oldest');
    expect(oldest.data.map((c) => c.text)).toEqual(['one', 'two', 'three']);
    expect(oldest.data[0]).toMatchObject({
      author: { _id: a.user.id },
      hidden: false,
      can_delete: true,
      can_hide: false,
    });
    expect((await seen(a, item._id)).comment_count).toBe(3);
  });

  it('refuses an empty comment, one over 500 characters, and one the keyword lists block', async () => {
    const { item } = await creatorWithPost();
    const a = await fan();
    expect(codeOf(await comment(a, item._id, '   '))).toEqual([400, 'validation']);
    expect(codeOf(await comment(a, item._id, 'x'.repeat(501)))).toEqual([400, 'validation']);
    expect((await comment(a, item._id, 'x'.repeat(500))).statusCode).toBe(200);
    expect(codeOf(await comment(a, item._id, 'find me on https://example.com'))).toEqual([
      422,
      'comment_blocked',
    ]);
    expect((await comments(a, item._id)).comment_count).toBe(1);
  });

  it('refuses likes and comments across a block, either way, with a clear error', async () => {
    const { creator, item } = await creatorWithPost();
    const blockedByCreator = await fan();
    const blocker = await fan();
    expect((await creator.api.post(`/v1/users/${blockedByCreator.user.id}/block`)).statusCode).toBe(200);
    expect((await blocker.api.post(`/v1/users/${creator.user.id}/block`)).statusCode).toBe(200);
    for (const who of [blockedByCreator, blocker]) {
      const res = await comment(who, item._id, 'hello');
      expect(codeOf(res)).toEqual([403, 'post_engagement_blocked']);
      expect(res.json().message).toBe("You can't like or comment on this creator's posts.");
      expect(codeOf(await like(who, item._id))).toEqual([403, 'post_engagement_blocked']);
    }
    expect(await seen(creator, item._id)).toMatchObject({ like_count: 0, comment_count: 0 });
  });

  it('lets the creator hide a comment: only its author and the creator still see it, marked hidden', async () => {
    const { creator, item } = await creatorWithPost();
    const author = await fan();
    const other = await fan();
    const written = (await comment(author, item._id, 'rude')).json() as { data: PostComment };
    const id = written.data._id;
    expect((await comments(creator, item._id)).data[0]).toMatchObject({ can_hide: true, can_delete: true });
    expect((await comments(other, item._id)).data[0]).toMatchObject({ can_hide: false, can_delete: false });

    // Neither the author nor anyone else but the creator may hide it.
    for (const who of [author, other])
      expect(codeOf(await who.api.patch(`/v1/feed/${item._id}/comments/${id}`, { hidden: true }))).toEqual([
        403,
        'forbidden',
      ]);
    const hide = await creator.api.patch(`/v1/feed/${item._id}/comments/${id}`, { hidden: true });
    expect(hide.json()).toMatchObject({ data: { hidden: true }, comment_count: 0 });

    expect((await comments(author, item._id)).data).toEqual([
      expect.objectContaining({ _id: id, hidden: true }),
    ]);
    expect((await comments(creator, item._id)).data).toEqual([expect.objectContaining({ hidden: true })]);
    expect(await comments(other, item._id)).toMatchObject({ data: [], comment_count: 0 });
    expect((await seen(other, item._id)).comment_count).toBe(0);
    // A hidden comment's id means nothing to someone else.
    expect(codeOf(await other.api.delete(`/v1/feed/${item._id}/comments/${id}`))).toEqual([404, 'not_found']);

    const show = await creator.api.patch(`/v1/feed/${item._id}/comments/${id}`, { hidden: false });
    expect(show.json()).toMatchObject({ data: { hidden: false }, comment_count: 1 });
    expect((await comments(other, item._id)).data).toHaveLength(1);
  });

  it('lets the author delete their own and the creator any on their posts; nobody else', async () => {
    const { creator, item } = await creatorWithPost();
    const author = await fan();
    const other = await fan();
    const ids = [];
    for (const text of ['a', 'b', 'c'])
      ids.push(((await comment(author, item._id, text)).json() as { data: PostComment }).data._id);
    const [a, b, c] = ids as [string, string, string];
    expect(codeOf(await other.api.delete(`/v1/feed/${item._id}/comments/${a}`))).toEqual([403, 'forbidden']);
    expect((await author.api.delete(`/v1/feed/${item._id}/comments/${a}`)).json()).toEqual({
      comment_count: 2,
    });
    expect((await creator.api.delete(`/v1/feed/${item._id}/comments/${b}`)).json()).toEqual({
      comment_count: 1,
    });
    expect(codeOf(await author.api.delete(`/v1/feed/${item._id}/comments/${a}`))).toEqual([404, 'not_found']);
    // A hidden comment deleted leaves the count where hiding put it.
    await creator.api.patch(`/v1/feed/${item._id}/comments/${c}`, { hidden: true });
    expect((await author.api.delete(`/v1/feed/${item._id}/comments/${c}`)).json()).toEqual({
      comment_count: 0,
    });
    expect((await comments(creator, item._id)).data).toEqual([]);
  });

  it('answers 404 for a comment id under another post, and 403 to another creator managing it', async () => {
    const { creator, item } = await creatorWithPost();
    const { creator: otherCreator, item: otherPost } = await creatorWithPost();
    const author = await fan();
    const id = ((await comment(author, item._id, 'hi')).json() as { data: PostComment }).data._id;
    expect(codeOf(await otherCreator.api.delete(`/v1/feed/${otherPost._id}/comments/${id}`))).toEqual([
      404,
      'not_found',
    ]);
    expect(
      codeOf(await otherCreator.api.patch(`/v1/feed/${item._id}/comments/${id}`, { hidden: true })),
    ).toEqual([403, 'forbidden']);
    expect(codeOf(await otherCreator.api.delete(`/v1/feed/${item._id}/comments/${id}`))).toEqual([
      403,
      'forbidden',
    ]);
    expect(codeOf(await author.api.delete(`/v1/feed/${item._id}/comments/not-an-id`))).toEqual([
      404,
      'not_found',
    ]);
    expect((await comments(creator, item._id)).comment_count).toBe(1);
  });

  it('keeps the count right under parallel comments, hides and deletes', async () => {
    const { creator, item } = await creatorWithPost();
    const fans = await Promise.all(Array.from({ length: 100 }, fan));
    const written = await Promise.all(fans.map((f, i) => comment(f, item._id, `comment ${i}`)));
    const ids = written.map((w) => (w.json() as { data: PostComment }).data._id);
    expect((await seen(creator, item._id)).comment_count).toBe(100);
    // Each comment is hidden and deleted at once, by the creator and by its author.
    await Promise.all(
      ids
        .slice(0, 50)
        .flatMap((id, i) => [
          creator.api.patch(`/v1/feed/${item._id}/comments/${id}`, { hidden: true }),
          (fans[i] as Party).api.delete(`/v1/feed/${item._id}/comments/${id}`),
        ]),
    );
    expect((await seen(creator, item._id)).comment_count).toBe(50);
    expect((await comments(creator, item._id, '?limit=50')).data).toHaveLength(50);
  });
});

describe('pins', () => {
  it('pins up to 3 posts, first on the profile and the public page, marked pinned', async () => {
    const creator = await person(t, {
      type: 'featured',
      discoverStatus: 'featured',
      username: `pinner-${Date.now().toString(36)}`,
    });
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await post(creator, { type: 'text', text: `post ${i}` }));
    const [p0, p1, p2, p3] = posts as [FeedItem, FeedItem, FeedItem, FeedItem];
    for (const p of [p1, p0, p2])
      expect((await creator.api.put(`/v1/feed/${p._id}/pin`)).json()).toEqual({ pinned: true });
    expect(codeOf(await creator.api.put(`/v1/feed/${p3._id}/pin`))).toEqual([409, 'pins_full']);
    // Pinning a pinned post again is no new pin.
    expect((await creator.api.put(`/v1/feed/${p0._id}/pin`)).statusCode).toBe(200);

    const viewer = await fan();
    const feed = (await viewer.api.get(`/v1/feed?model_id=${creator.user.id}&limit=4`)).json() as {
      data: FeedItem[];
    };
    // Most recently pinned first, then the rest newest first.
    expect(feed.data.map((p) => [p.text, p.pinned])).toEqual([
      ['post 2', true],
      ['post 0', true],
      ['post 1', true],
      ['post 5', false],
    ]);
    const page2 = (await viewer.api.get(`/v1/feed?model_id=${creator.user.id}&limit=4&offset=4`)).json() as {
      data: FeedItem[];
    };
    expect(page2.data.map((p) => p.text)).toEqual(['post 4', 'post 3']);
    const publicPage = await t.app.inject({ url: `/v1/public/creators/${creator.user.username}` });
    expect(publicPage.statusCode).toBe(200);
    expect(
      (publicPage.json() as { data: { posts: FeedItem[] } }).data.posts.slice(0, 3).map((p) => p.pinned),
    ).toEqual([true, true, true]);

    expect((await creator.api.delete(`/v1/feed/${p0._id}/pin`)).json()).toEqual({ pinned: false });
    expect((await creator.api.put(`/v1/feed/${p3._id}/pin`)).statusCode).toBe(200);
  });

  it('lets nobody but the creator pin, and holds the limit under parallel pins', async () => {
    const creator = await person(t, { type: 'featured' });
    const posts = [];
    for (let i = 0; i < 10; i++) posts.push(await post(creator, { type: 'text', text: `p${i}` }));
    const other = await person(t, { type: 'featured' });
    expect(codeOf(await other.api.put(`/v1/feed/${(posts[0] as FeedItem)._id}/pin`))).toEqual([
      404,
      'not_found',
    ]);
    const answers = await Promise.all(posts.map((p) => creator.api.put(`/v1/feed/${p._id}/pin`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
  });
});

describe('subscriber posts', () => {
  it('let a subscriber comment, and the comment stays readable to the creator after the subscription ends', async () => {
    const { creator, item } = await creatorWithPost({ type: 'text', text: 'subs', audience: 'subscriber' });
    const sub = await fan();
    await subscribe(t, sub, creator);
    expect((await comment(sub, item._id, 'love it')).statusCode).toBe(200);
    expect((await comments(creator, item._id)).data.map((c) => c.text)).toEqual(['love it']);
  });
});
