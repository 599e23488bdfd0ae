import { mkdirSync } from 'node:fs';
import type { FeedItem, PostComment } from '@cove/contracts';
import { CreatorProfilePage } from '../pages/creator-profile-page';
import { PostEngagement } from '../pages/post-engagement';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { screenshots, shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'post-engagement', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: luna-rivers' song post has 2 likes (alex-fan, sam-fan) and 2 comments; her
// golden-hour photo is pinned. jordan-fan has not liked the song post.
const fanEmail = 'jordan-fan@demo.cove.test';
const lunaEmail = 'luna-rivers@demo.cove.test';
const otherFanEmail = 'alex-fan@demo.cove.test';
const songPost = 'New song out Friday';

test.describe('post engagement', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a fan likes and comments on a post; the creator sees the counts tick live and hides the comment, which only the two of them still see', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const { signIn, tokenOf, api } = session;
    const stamp = Date.now().toString(36);
    const words = `Front row on Friday! (${stamp})`;

    // The creator watches her own profile: her pinned photo first, marked so.
    const lunaToken = await signIn(page, lunaEmail);
    const lunaId = (await api<{ _id: string }>(lunaToken, 'GET', '/v1/users/me'))._id;
    const creator = new CreatorProfilePage(page, server.baseUrl);
    await creator.open(lunaId);
    await expect(creator.posts().locator('article').first()).toContainText('Pinned');
    await expect(creator.posts().locator('article').first()).toContainText('Alfama at golden hour');
    const lunaPost = new PostEngagement(creator.postWithText(songPost));
    await expect(lunaPost.likeButton()).toHaveText(/Like 2$/);
    await expect(lunaPost.commentsButton()).toHaveText(/Comments 2$/);

    // The fan, on a phone, in a browser of her own.
    const fanContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const fanPage = await fanContext.newPage();
    await signIn(fanPage, fanEmail);
    const fanProfile = new CreatorProfilePage(fanPage, server.baseUrl);
    await fanProfile.open(lunaId);
    const fanPost = new PostEngagement(fanProfile.postWithText(songPost));
    await expect(fanPost.likeButton()).toHaveAttribute('aria-pressed', 'false');
    await fanPost.likeButton().click();
    await expect(fanPost.likeButton()).toHaveAttribute('aria-pressed', 'true');
    await expect(fanPost.likeButton()).toHaveText(/Like 3$/);
    // The creator's count moves without a reload.
    await expect(lunaPost.likeButton()).toHaveText(/Like 3$/);

    await fanPost.openComments();
    await fanPost.comment('Counting the days!').waitFor();
    await fanPost.writeComment(words);
    await fanPost.comment(words).waitFor();
    await expect(fanPost.commentsButton()).toHaveText(/Comments 3$/);
    expect(await seriousAccessibilityProblems(fanPage)).toEqual([]);
    await expect(lunaPost.commentsButton()).toHaveText(/Comments 3$/);

    // The creator hides it: it leaves the count; she still sees it, marked hidden.
    await lunaPost.openComments();
    await lunaPost.comment(words).waitFor();
    await screenshots(page, 'post-comments');
    await lunaPost.commentMenu(words, 'Hide');
    await expect(lunaPost.comment(words)).toContainText('Hidden: only you and its author see it');
    await expect(lunaPost.commentsButton()).toHaveText(/Comments 2$/);

    // The fan still sees her comment, marked hidden by the creator; another fan does not see it.
    await fanPage.reload();
    await fanProfile.ready();
    await fanPost.openComments();
    await expect(fanPost.comment(words)).toContainText(
      'Hidden by luna-rivers: only you and luna-rivers see it',
    );
    await expect(fanPost.commentsButton()).toHaveText(/Comments 2$/);
    await expect(fanPost.likeButton()).toHaveAttribute('aria-pressed', 'true');
    const alexToken = await tokenOf(otherFanEmail);
    const feed = await api<{ data: FeedItem[] }>(alexToken, 'GET', `/v1/feed?model_id=${lunaId}`);
    const song = feed.data.find((p) => p.text.startsWith(songPost));
    expect(song).toMatchObject({ like_count: 3, comment_count: 2 });
    const seen = await api<{ data: PostComment[] }>(alexToken, 'GET', `/v1/feed/${song?._id}/comments`);
    expect(seen.data.map((c) => c.text)).not.toContain(words);

    // A visitor who is not signed in sees the counts, and nothing to press.
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guestPage = await guest.newPage();
    await guestPage.goto(`${server.baseUrl}/luna-rivers`);
    const guestPost = guestPage
      .getByRole('region', { name: 'Posts' })
      .locator('article')
      .filter({ hasText: songPost });
    await expect(guestPost).toContainText('3 likes · 2 comments');
    expect(await guestPost.getByRole('button', { name: /^Like/ }).count()).toBe(0);
    await guest.close();
    await fanContext.close();
  });
});
