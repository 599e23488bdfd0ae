import { buyResponse, type ApiClient, type Message } from '@cove/contracts';

/** `PATCH /v1/messages/{id}/buy`: unlocks a paid message; the answer is the message as the buyer now sees it. */
export async function buyMessage(api: ApiClient, id: string): Promise<Message> {
  return (await api.patch(`/v1/messages/${id}/buy`, undefined, { schema: buyResponse })).data;
}
