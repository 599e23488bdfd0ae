import type { Page } from '@playwright/test';

/** `/account/subscriptions`: the fan's subscriptions and the spec's Manage subscriptions. */
export class SubscriptionsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/account/subscriptions`);
    await this.list().waitFor();
  }

  list() {
    return this.page.getByRole('list', { name: 'Your subscriptions' });
  }

  row(creator: string) {
    return this.list().getByRole('listitem', { name: creator });
  }

  async edit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit', exact: true }).click();
  }

  toolbar() {
    return this.page.getByRole('toolbar', { name: 'Manage subscriptions' });
  }
}
