import type { Db } from '../../src/db/client';
import { grantCredits } from './chats';
import type { ServerProcess } from './server-process';
import { signedInUser } from './users';

/** Someone calling a server process: their id and access token. */
export interface Caller {
  id: string;
  token: string;
}

/** One HTTP call to a server process as `who`; the status and the parsed JSON body. */
export async function callProcess<B = Record<string, unknown>>(
  server: ServerProcess,
  who: Caller,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; body: B }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'access-token': who.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as B };
}

/** A new fan given `credits`, who opened a chat with `creatorId` through the server; with its answer. */
export async function fanWithChat(db: Db, server: ServerProcess, creatorId: string, credits: number) {
  const { user, token } = await signedInUser(db, { type: 'user' });
  await grantCredits(db, user.id, credits);
  const fan: Caller = { id: user.id, token };
  const opened = await callProcess<{ data: unknown }>(server, fan, 'POST', '/v1/chat', {
    recipient_id: creatorId,
  });
  return { fan, opened };
}
