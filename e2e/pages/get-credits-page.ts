import type { Locator, Page } from '@playwright/test';

/** `/account/get-credits`: choose a credit package and pay by card, as a fan sees it. */
export class GetCreditsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/account/get-credits`);
    await this.ready();
  }

  /** The page is drawn once the package choice is there (the packages come from the server). */
  async ready(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Get credits', level: 2 }).waitFor();
    await this.form().getByRole('radio').first().waitFor();
  }

  form(): Locator {
    return this.page.getByRole('form', { name: 'Buy credits' });
  }

  /** The way back to where the fan came from (only when a popup sent them here), by what it says. */
  backLink(
    label: 'Back to the chat' | 'Back to the post' | 'Back to the profile' = 'Back to the chat',
  ): Locator {
    return this.page.getByRole('region', { name: 'Account' }).getByRole('link', { name: label });
  }

  /** A package by its price as shown, such as `$10.00`. */
  packageFor(price: string): Locator {
    const escaped = price.replace(/[$.]/g, (c) => `\\${c}`);
    return this.form().getByRole('radio', { name: new RegExp(`^${escaped}`) });
  }

  async enterCard(card: { number: string; expiry: string; cvc: string }): Promise<void> {
    await this.page.getByLabel('Card number').fill(card.number);
    await this.page.getByLabel('Expiry (MM/YY)').fill(card.expiry);
    await this.page.getByLabel('CVC').fill(card.cvc);
  }

  payButton(price: string): Locator {
    return this.form().getByRole('button', { name: `Pay ${price}`, exact: true });
  }

  alert(): Locator {
    return this.form().getByRole('alert');
  }
}
