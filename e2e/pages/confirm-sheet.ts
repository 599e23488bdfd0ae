import type { Page } from '@playwright/test';

/** The confirm sheet in front of every charge: what is bought, the price in dollars, the balance after. */
export class ConfirmSheet {
  constructor(readonly page: Page) {}

  /** The open sheet, by its question ("Unlock for $2.00?", "Send a $12.00 tip?"). */
  dialog(title: string | RegExp) {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Waits for the sheet, presses its main button and waits for it to close. */
  async confirm(title: string | RegExp, action: string): Promise<void> {
    const sheet = this.dialog(title);
    await sheet.waitFor();
    await sheet.getByRole('button', { name: action, exact: true }).click();
    await sheet.waitFor({ state: 'detached' });
  }
}
