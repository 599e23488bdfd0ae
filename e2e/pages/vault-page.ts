import type { Page } from '@playwright/test';

/** `/account/vault`: a creator's photos and videos, with upload progress. */
export class VaultPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/account/vault`);
    await this.page.getByRole('heading', { name: 'Vault', exact: true }).waitFor();
  }

  grid() {
    return this.page.getByRole('list', { name: 'Vault media' });
  }

  progress(name: string) {
    return this.page.getByRole('progressbar', { name: `Uploading ${name}` });
  }

  async choose(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel('Upload photos or videos').setInputFiles(file);
  }
}
