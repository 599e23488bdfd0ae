import { expect, type Locator } from '@playwright/test';

/** The likes and comments of one post card (`article`): the Like toggle, the Comments panel and its rows. */
export class PostEngagement {
  constructor(readonly post: Locator) {}

  likeButton() {
    return this.post.getByRole('button', { name: /^Like/ });
  }

  commentsButton() {
    return this.post.getByRole('button', { name: /^Comments/ });
  }

  comments() {
    return this.post.getByRole('region', { name: 'Comments' });
  }

  /** Opens the comments (when closed) and waits for the list or its empty state. */
  async openComments(): Promise<void> {
    if ((await this.commentsButton().getAttribute('aria-expanded')) !== 'true')
      await this.commentsButton().click();
    await this.comments().waitFor();
  }

  async writeComment(text: string): Promise<void> {
    await this.comments().getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await this.comments().getByRole('button', { name: 'Comment', exact: true }).click();
  }

  comment(text: string) {
    return this.comments().getByRole('listitem').filter({ hasText: text });
  }

  /**
   * Chooses from a comment's menu (the creator's Hide / Unhide, Delete), the comment found by its text,
   * by keyboard as the menu pattern has it: Enter opens it, the item's first letter moves to it, Enter
   * chooses it (a click would scroll the page to the item, and a scroll closes the menu).
   */
  async commentMenu(text: string, item: 'Hide' | 'Unhide' | 'Delete'): Promise<void> {
    const page = this.post.page();
    const choice = page.getByRole('menuitem', { name: item });
    // A live count redraws the list; an Enter sent to a button just replaced opens nothing, so again.
    await expect(async () => {
      await this.comment(text)
        .getByRole('button', { name: /^Options for/ })
        .focus();
      await page.keyboard.press('Enter');
      await expect(choice).toBeVisible({ timeout: 2_000 });
    }).toPass();
    if (!(await choice.evaluate((el) => el === document.activeElement)))
      await page.keyboard.press(item.charAt(0));
    await expect(choice).toBeFocused();
    await page.keyboard.press('Enter');
  }
}
