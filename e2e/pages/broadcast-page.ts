import type { Page } from '@playwright/test';

/** `/chats/broadcast`: a creator's composer for one message to many chats, and her recent broadcasts. */
export class BroadcastPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/chats/broadcast`);
    await this.page.getByRole('heading', { name: 'Broadcast', level: 1 }).waitFor();
    await this.composer().waitFor();
  }

  composer() {
    return this.page.getByRole('form', { name: 'New broadcast' });
  }

  /** "Everyone in it", "Only chosen chats" or "All except chosen chats". */
  async sendTo(mode: string): Promise<void> {
    await this.composer().getByRole('radiogroup', { name: 'Send to' }).getByLabel(mode).check();
  }

  /** A chat in the picker, by the other person's name. */
  chat(username: string) {
    return this.composer()
      .getByRole('list', { name: 'Your chats' })
      .getByRole('checkbox', { name: username });
  }

  /** "Reaches N chats" once counted. */
  recipientCount() {
    return this.composer().getByRole('group', { name: 'Who receives it' }).getByRole('status');
  }

  text() {
    return this.composer().getByRole('textbox', { name: 'Text' });
  }

  async attach(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel('Photo or video file').setInputFiles(file);
  }

  price() {
    return this.composer().getByRole('spinbutton', { name: 'Price ($)' });
  }

  sendButton() {
    return this.composer().getByRole('button', { name: 'Send broadcast' });
  }

  /** Where the send is: Uploading, Confirming, Broadcasting, then how it ended. */
  stage() {
    return this.composer()
      .getByRole('status')
      .filter({ hasText: /Broadcast|Confirming|Uploading/ });
  }

  recent() {
    return this.page.getByRole('list', { name: 'Recent broadcasts' });
  }

  /** One of the recent broadcasts, by its summary ("Photo: its text"). */
  broadcast(summary: string) {
    return this.recent().getByRole('listitem', { name: summary });
  }

  /** A number of a broadcast's funnel: "Sent", "Viewed", "Bought" or "Revenue". */
  funnel(summary: string, step: string) {
    return this.broadcast(summary).locator(`dl div:has(> dt:text-is("${step}")) > dd`);
  }
}
