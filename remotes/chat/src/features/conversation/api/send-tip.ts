import { sendMessageResponse, type ApiClient } from '@cove/contracts';

/**
 * `POST /v1/messages/tip`: a fan's tip in credits with an optional message; one `send_id` keeps a
 * retry or a second confirm from tipping twice.
 */
export const sendTip = (
  api: ApiClient,
  tip: { chatId: string; amount: number; sendId: string; message: string },
) =>
  api.post(
    '/v1/messages/tip',
    {
      chat_id: tip.chatId,
      amount: tip.amount,
      send_id: tip.sendId,
      ...(tip.message ? { message: tip.message } : {}),
    },
    { schema: sendMessageResponse },
  );
