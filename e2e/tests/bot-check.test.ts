import { LoginPage } from '../pages/login-page';
import { expect, test } from '../support/fixtures';

test.use({
  // The test double of the bot check: only the answer a ticked 'I'm not a robot' box gives passes.
  serverOptions: { name: 'bot-check', env: { BOT_CHECK: 'fake' } },
  // A phone-sized window: the check must fit and work there too.
  viewport: { width: 390, height: 844 },
  hasTouch: true,
});

test.describe('sign-in bot check', () => {
  test('refuses a sign-in without the tick, with the server’s words, and sends the link once ticked', async ({
    page,
    server,
  }) => {
    const login = new LoginPage(page, server.baseUrl);
    await login.open();
    await login.notARobot().waitFor();

    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill(`bot-check-${Date.now().toString(36)}@example.com`);
    await login.submitButton().click();
    await login.alert().filter({ hasText: 'Please confirm you are human and try again.' }).waitFor();
    expect(await login.heading('Sign in to Cove').isVisible()).toBe(true);

    // Ticked from the keyboard: Tab from the address to the box, Space to tick it.
    await email.focus();
    await page.keyboard.press('Tab');
    expect(await login.notARobot().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await login.notARobot().isChecked()).toBe(true);

    await login.adultAndTerms().check();
    await login.submitButton().click();
    await login.heading('Check your email').waitFor();
  });
});
