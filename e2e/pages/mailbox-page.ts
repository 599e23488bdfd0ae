import type { Page } from '@playwright/test';

/** The local mailbox at /dev/mailbox, read the way a person would: find the mail, take what it says. */
export class MailboxPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** The newest mail to `to` whose subject matches; each mail is framed in its own sandboxed iframe. */
  private async mail(to: string, subject: RegExp) {
    await this.page.goto(`${this.baseUrl}/dev/mailbox`);
    const article = this.page
      .locator('article')
      .filter({ hasText: `to ${to}` })
      .filter({ has: this.page.locator('strong', { hasText: subject }) })
      .first();
    await article.waitFor();
    return article;
  }

  async signInLink(to: string): Promise<string> {
    const article = await this.mail(to, /sign-in link/);
    const link = article.frameLocator('iframe').getByRole('link', { name: 'Sign in' });
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`No sign-in link in the mail to ${to}`);
    return href;
  }

  async verificationCode(to: string): Promise<string> {
    const article = await this.mail(to, /is your Cove code/);
    const subject = await article.locator('strong').innerText();
    const code = /^(\d{4}) is your Cove code$/.exec(subject.trim())?.[1];
    if (!code) throw new Error(`No code in "${subject}"`);
    return code;
  }
}
