import type { RemoteName } from '@cove/contracts';
import type { Locator, Page } from '@playwright/test';

const areaNames: Record<RemoteName, string> = {
  chat: 'Chats',
  discover: 'Discover',
  account: 'Account',
  payouts: 'Earnings',
};

/** The site as a person sees it: the shell's header and one remote's area. */
export class ShellPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}${path}`);
  }

  get header(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  /** The region a remote owns. */
  area(remote: RemoteName): Locator {
    return this.page.getByRole('region', { name: areaNames[remote] });
  }

  /** Waits for a remote to be rendered and returns the version the shell loaded. */
  async loadedVersion(remote: RemoteName): Promise<string> {
    const area = this.page.locator(`section[data-remote="${remote}"][data-remote-state="ready"]`);
    await area.waitFor();
    return (await area.getAttribute('data-version')) ?? '';
  }

  /** The build label a remote was built with (empty for an ordinary build). */
  async buildLabel(remote: RemoteName): Promise<string> {
    const root = this.page.locator(`[data-remote-root="${remote}"]`);
    await root.waitFor({ state: 'attached' });
    return (await root.getAttribute('data-build-label')) ?? '';
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  fallback(remote: RemoteName): Locator {
    return this.area(remote).getByRole('alert');
  }

  async navigate(label: string): Promise<void> {
    await this.header.getByRole('link', { name: label }).click();
  }
}
