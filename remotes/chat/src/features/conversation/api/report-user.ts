import type { ApiClient, ReportBody } from '@cove/contracts';

/** `POST /v1/users/{id}/report`: the reason from the list, the reporter's note, and the chat as evidence. */
export const reportUser = (api: ApiClient, userId: string, body: ReportBody) =>
  api.send('POST', `/v1/users/${encodeURIComponent(userId)}/report`, { body });
