import { messagesPage, type ApiClient, type Message } from '@cove/contracts';

/** One message as this viewer sees it now, media URLs signed for them. */
export async function fetchMessage(api: ApiClient, id: string): Promise<Message | undefined> {
  const page = await api.get('/v1/messages', { query: { ids: id }, schema: messagesPage });
  return page.data[0];
}
