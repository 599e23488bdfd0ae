import type { Page } from '@playwright/test';

/** `/discover`: the creators' grid, its search box, and one creator's card. */
export class DiscoverPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/discover`);
    await this.creators().waitFor();
  }

  creators() {
    return this.page.getByRole('list', { name: 'Creators' });
  }

  /** Searches as a person does: types the name and presses Enter. */
  async search(text: string): Promise<void> {
    const box = this.page.getByRole('searchbox', { name: 'Search creators' });
    await box.fill(text);
    await box.press('Enter');
    await this.page.waitForURL((url) => url.searchParams.get('q') === text);
  }

  /** A creator's card, a link named by everything it shows (name, prices, bio). */
  card(username: string) {
    return this.creators().getByRole('link', { name: new RegExp(`\\b${username}\\b`) });
  }
}
