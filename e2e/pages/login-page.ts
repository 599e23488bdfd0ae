import type { Page } from '@playwright/test';

/** `/login`: ask for a sign-in link. */
export class LoginPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/login`);
  }

  heading(name: string) {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  /** The sign-in bot check in the server's `fake` mode: a checkbox a person ticks. */
  notARobot() {
    return this.page.getByRole('checkbox', { name: "I'm not a robot" });
  }

  /** The sign-up confirmation a new account needs: 18 or older, terms accepted. */
  adultAndTerms() {
    return this.page.getByRole('checkbox', { name: /^I am 18 or older and accept the Terms of Service/ });
  }

  submitButton() {
    return this.page.getByRole('button', { name: 'Email me a sign-in link' });
  }

  alert() {
    return this.page.getByRole('alert');
  }

  async requestLink(email: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.adultAndTerms().check();
    await this.page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await this.heading('Check your email').waitFor();
  }
}
