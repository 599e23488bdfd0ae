import type { Locator, Page } from '@playwright/test';

/** The sandbox provider's 3-D Secure challenge (`/sandbox/3ds/{id}`): the bank's page, plain HTML. */
export class SandboxChallengePage {
  constructor(readonly page: Page) {}

  async waitFor(): Promise<void> {
    await this.page.waitForURL(/\/sandbox\/3ds\//);
    await this.page.getByRole('heading', { name: 'Confirm your payment', level: 1 }).waitFor();
  }

  async complete(): Promise<void> {
    await this.page.getByRole('button', { name: 'Complete authentication' }).click();
  }

  async fail(): Promise<void> {
    await this.page.getByRole('button', { name: 'Fail authentication' }).click();
  }
}

/** The shell's `/3ds-callback`: how the payment ended, in the server's words. */
export class ThreeDsCallbackPage {
  constructor(readonly page: Page) {}

  async waitFor(): Promise<void> {
    await this.page.waitForURL(/\/3ds-callback\?/);
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name });
  }

  status(): Locator {
    return this.page.getByRole('status');
  }

  alert(): Locator {
    return this.page.getByRole('alert');
  }

  link(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }
}
