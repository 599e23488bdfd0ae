import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client';
import type { UserRow } from '../../src/db/schema';
import { postMovement } from '../../src/ledger/ledger';
import { as, type Client } from './api';
import type { TestApp } from './test-app';
import { signedInUser } from './users';

export async function grantCredits(db: Db, userId: string, amount: number): Promise<void> {
  await db.transaction((tx) =>
    postMovement(tx, {
      kind: 'test_grant',
      entries: [
        { account: { owner: null, kind: 'promotions' }, amount: -amount },
        { account: { owner: userId, kind: 'credits' }, amount },
      ],
    }),
  );
}

export interface Party {
  user: UserRow;
  token: string;
  api: Client;
}

export async function person(t: TestApp, values: Parameters<typeof signedInUser>[1] = {}): Promise<Party> {
  const { user, token } = await signedInUser(t.db, values);
  return { user, token, api: as(t.app, token) };
}

/** A fan with credits, a creator with a rate, and the chat the fan opened with them. */
export async function fanAndCreator(
  t: TestApp,
  opts: {
    credits?: number;
    rate?: number;
    creator?: Parameters<typeof signedInUser>[1];
    fan?: Parameters<typeof signedInUser>[1];
  } = {},
) {
  const fan = await person(t, { type: 'user', ...opts.fan });
  const creator = await person(t, { type: 'featured', creditRate: opts.rate ?? 10, ...opts.creator });
  if (opts.credits) await grantCredits(t.db, fan.user.id, opts.credits);
  const res = await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
  if (res.statusCode !== 200) throw new Error(`chat not opened: ${res.body}`);
  return { fan, creator, chatId: res.json().data._id as string };
}

export const text = (recipientId: string, body: string, extra: object = {}) => ({
  type: 'text',
  recipient_id: recipientId,
  text: body,
  send_id: randomUUID(),
  ...extra,
});
