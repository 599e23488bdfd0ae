import type { Page } from '@playwright/test';

/** `/creators/{id}`: the header (About) with Follow, Subscribe and Message, and the Posts tabs. */
export class CreatorProfilePage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(creatorId: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/creators/${creatorId}`);
    await this.ready();
  }

  /** The header and the first page of posts are shown. */
  async ready(): Promise<void> {
    await this.about().waitFor();
    await this.posts().locator('article').first().waitFor();
  }

  about() {
    return this.page.getByRole('region', { name: 'About' });
  }

  posts() {
    return this.page.getByRole('region', { name: 'Posts' });
  }

  /** The header's action button: Follow, Unfollow, Subscribe · $x / month, Message. */
  action(name: string | RegExp) {
    return this.about().getByRole('button', { name, exact: typeof name === 'string' });
  }

  /** The posts that still say what would open them ("Follow to see this post."). */
  lockedBy(reason: 'Follow' | 'Subscribe') {
    return this.posts()
      .locator('article')
      .filter({ hasText: `${reason} to see this post.` });
  }

  postWithText(text: string) {
    return this.posts().locator('article').filter({ hasText: text });
  }

  /** The creator's own box for a new post. */
  composer() {
    return this.page.getByRole('form', { name: 'New post' });
  }

  async publish(text: string, audience: 'Everyone' | 'Followers' | 'Subscribers' | 'Fans'): Promise<void> {
    const form = this.composer();
    await form.getByRole('textbox', { name: 'New post' }).fill(text);
    await form.getByRole('combobox', { name: 'Who can see it' }).selectOption({ label: audience });
    await form.getByRole('button', { name: 'Post', exact: true }).click();
  }

  /** Chooses files for the new post; each gets its own progress bar until it is attached. */
  async attach(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.composer()
      .getByLabel(/^Add (photos or videos|more)$/)
      .setInputFiles(files);
  }

  /** The creator's posts waiting for their time ("Scheduled (2)"). */
  scheduled() {
    return this.page.getByRole('region', { name: /^Scheduled \(\d+\)$/ });
  }

  /** A post's numbers under it, for its creator: "3 views 1 unlock $2.40 earned". */
  statsOf(text: string) {
    return this.postWithText(text).getByLabel('Post statistics');
  }
}
