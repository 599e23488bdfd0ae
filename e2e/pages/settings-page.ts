import type { Page } from '@playwright/test';

/** `/account/settings`: switches that save as soon as they change. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  switch(name: RegExp) {
    return this.page.getByRole('switch', { name });
  }

  /** Flips a switch and waits until the server has saved it. */
  async toggle(name: RegExp): Promise<void> {
    const saved = this.page.waitForResponse(
      (res) => res.request().method() === 'PATCH' && /\/v1\/users\//.test(res.url()) && res.ok(),
    );
    await this.switch(name).click();
    await saved;
  }
}
