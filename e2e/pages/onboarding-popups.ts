import type { Page } from '@playwright/test';

/** The shell's popups a new fan meets: verify email, essential info, gender, greeting. */
export class OnboardingPopups {
  constructor(readonly page: Page) {}

  dialog(name: string | RegExp) {
    return this.page.getByRole('dialog', { name });
  }

  async enterCode(code: string): Promise<void> {
    const dialog = this.dialog('Verify your email');
    await dialog.waitFor();
    for (const [i, digit] of [...code].entries()) {
      await dialog.getByRole('textbox', { name: `Digit ${i + 1}` }).fill(digit);
    }
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await this.dialog('Email verified').getByText('Email verified successfully!').waitFor();
  }

  async continueAfterVerified(): Promise<void> {
    await this.dialog('Email verified').getByRole('button', { name: 'Continue' }).click();
  }

  async chooseUsername(username: string): Promise<void> {
    const dialog = this.dialog('Choose your username');
    await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await dialog.getByText(`${username} is available`).waitFor();
    await dialog.getByRole('button', { name: 'Save username' }).click();
  }

  async chooseGender(label: 'Man' | 'Woman' | 'Trans'): Promise<void> {
    await this.dialog('How do you identify?').getByRole('button', { name: label, exact: true }).click();
  }
}
