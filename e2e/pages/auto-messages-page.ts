import type { Page } from '@playwright/test';

/** `/account/auto-messages`: a creator's categories, and `/account/auto-messages/{category}`: one being edited. */
export class AutoMessagesPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/account/auto-messages`);
    await this.categories().waitFor();
  }

  categories() {
    return this.page.getByRole('list', { name: 'Auto-message categories' });
  }

  /** A category's row, by its title ("Welcome", "New follower"): its count ("Off", "1 message") and excerpt. */
  category(title: string) {
    return this.categories().getByRole('listitem', { name: title, exact: true });
  }

  /** Opens a category's editor from the list. */
  async edit(title: string): Promise<void> {
    await this.category(title).getByRole('link', { name: title, exact: true }).click();
    await this.editorReady(title);
  }

  /** The editor of the category `title` is shown. */
  async editorReady(title: string): Promise<void> {
    await this.page.getByRole('heading', { name: title, exact: true }).waitFor();
    await this.delay().waitFor();
  }

  async backToList(): Promise<void> {
    await this.page.getByRole('link', { name: '← All auto-messages' }).click();
    await this.categories().waitFor();
  }

  /** When the category goes after its trigger: "Right away", "After 5 minutes"… */
  delay() {
    return this.page.getByRole('combobox', { name: /^Send/ });
  }

  /** The `n`th message of the category being edited (1-based). */
  message(n: number) {
    return this.page.getByRole('listitem', { name: `Message ${n}`, exact: true });
  }

  text(n: number) {
    return this.message(n).getByRole('textbox', { name: `Message ${n} text` });
  }

  /** The price in dollars; empty is free. */
  price(n: number) {
    return this.message(n).getByRole('textbox', { name: `Price of message ${n} in dollars` });
  }

  /** Adds a text message after the others; a price in dollars ("2.50") makes it paid. */
  async addText(n: number, text: string, price?: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add text', exact: true }).click();
    await this.text(n).fill(text);
    if (price !== undefined) await this.price(n).fill(price);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.getByRole('status').getByText('Saved.', { exact: true }).waitFor();
  }
}
