import type { Page } from '@playwright/test';

/** `/account/history`: the fan's spending history, and a row's receipt. */
export class HistoryPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`${this.baseUrl}/account/history${query}`);
    await this.page.getByRole('heading', { name: 'Spending history' }).waitFor();
  }

  list() {
    return this.page.getByRole('list', { name: 'Spending history' });
  }

  /** A row by its description and signed amount (`Unlocked a message from luna-rivers, -$6.00`). */
  row(name: string) {
    return this.list().getByRole('listitem', { name });
  }

  show() {
    return this.page.getByRole('combobox', { name: 'Show' });
  }

  receipt(name: string) {
    return this.page.getByRole('article', { name: `Receipt for ${name}` });
  }

  /** A receipt's line: the value beside its term. */
  line(receipt: ReturnType<HistoryPage['receipt']>, term: string) {
    return receipt.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
  }
}
