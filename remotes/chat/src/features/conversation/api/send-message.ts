import { sendMessageResponse, type ApiClient, type SendMessageBody } from '@cove/contracts';

/** `POST /v1/messages`, or `/v1/messages/warned` once the sender confirmed a warned text. */
export const sendMessage = (api: ApiClient, body: SendMessageBody, warned: boolean, signal: AbortSignal) =>
  api.post(warned ? '/v1/messages/warned' : '/v1/messages', body, { schema: sendMessageResponse, signal });
