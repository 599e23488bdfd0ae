import type { Page } from '@playwright/test';

/** `/chats` and `/chats/{otherUserId}`: the inbox, one conversation and its composer. */
export class ChatPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async openInbox(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/chats`);
    await this.page.getByRole('heading', { name: 'Chats', level: 1 }).waitFor();
  }

  async openWith(userId: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/chats/${userId}`);
    // An empty thread has no height; the box to write in shows the chat is open.
    await this.box().waitFor();
  }

  inbox() {
    return this.page.getByRole('list', { name: 'Chats' });
  }

  thread() {
    return this.page.getByRole('list', { name: 'Messages' });
  }

  box() {
    return this.page.getByRole('textbox', { name: 'Message' });
  }

  async send(text: string): Promise<void> {
    await this.box().fill(text);
    await this.box().press('Enter');
  }

  async attach(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel('Photo or video file').setInputFiles(file);
  }
}

/** The conversation composer's bundle tools: the vault beside the upload, the attachments, the price. */
export class BundleComposer {
  constructor(readonly page: Page) {}

  vaultButton() {
    return this.page.getByRole('button', { name: 'Vault', exact: true });
  }

  /** Adds vault items by their place in the grid, counted from 1. */
  async addFromVault(...names: string[]): Promise<void> {
    for (const name of names) await this.page.getByRole('button', { name: `Add ${name}` }).click();
  }

  attachments() {
    return this.page.getByRole('group', { name: 'Attachments' });
  }

  price() {
    return this.attachments().getByRole('spinbutton', { name: 'Price ($)' });
  }

  freePreview(name: string) {
    return this.attachments().getByRole('radio', { name: `Free preview (${name})` });
  }
}

/** A bundle in the thread, found by what it holds ("3 photos"). */
export const bundleIn = (chat: ChatPage, contents: string) =>
  chat.thread().getByRole('list', { name: `Bundle: ${contents}` });
