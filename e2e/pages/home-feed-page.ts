import type { Page } from '@playwright/test';

/** `/home`: the fan's home feed, its posts and the marker for new ones. */
export class HomeFeedPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/home`);
    await this.posts().locator('article').first().waitFor();
  }

  posts() {
    return this.page.getByRole('region', { name: 'Posts from creators you follow' });
  }

  postWithText(text: string) {
    return this.posts().locator('article').filter({ hasText: text });
  }

  /** "↑ 2 new posts": shown while posts wait to come in. */
  newPosts() {
    return this.posts().getByRole('button', { name: /new posts?$/ });
  }
}
