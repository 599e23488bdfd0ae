import type { Page } from '@playwright/test';

/** `/notifications`: the person's notifications centre. */
export class NotificationsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/notifications`);
    await this.list().waitFor();
  }

  list() {
    return this.page.getByRole('list', { name: 'Notifications' });
  }

  /** A record by what it says (`alex-fan tipped you $4.20.`). */
  record(text: string | RegExp) {
    return this.list().getByRole('button', { name: text });
  }

  markAllRead() {
    return this.page.getByRole('button', { name: 'Mark all as read' });
  }

  /** The count over the list: `3 unread`, or `All caught up`. */
  summary(name: string) {
    return this.page.getByRole('heading', { name, exact: true });
  }
}
