import { sendMessageResponse, type ApiClient } from '@cove/contracts';

/** `POST /v1/messages/tip`: a fan's tip in credits; one `send_id` keeps a retry from tipping twice. */
export const sendTip = (api: ApiClient, tip: { chatId: string; amount: number; sendId: string }) =>
  api.post(
    '/v1/messages/tip',
    { chat_id: tip.chatId, amount: tip.amount, send_id: tip.sendId },
    { schema: sendMessageResponse },
  );
