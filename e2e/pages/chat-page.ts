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
