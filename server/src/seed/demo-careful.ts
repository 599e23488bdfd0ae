import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema';
import { demoActors } from './demo-api';
import { demoEmail } from './demo-world';

/** The demo fan whose pushy messages the creators put away. */
export const pushyFan = 'casey-fan';

/**
 * What a creator does with a pushy fan: `casey-fan` wrote to `luna-rivers`, who hid the chat (her
 * Hidden tab, and a search for him, find it), and to `nova-lake`, who blocked him (signed in as
 * casey, that chat says he cannot message her). Both first messages were free intros.
 */
export async function seedDemoCareful(app: FastifyInstance): Promise<void> {
  await app.db
    .insert(users)
    .values({
      email: demoEmail(pushyFan),
      username: pushyFan,
      type: 'user',
      gender: 'male',
      emailVerified: true,
    })
    .onConflictDoNothing();
  const { idOf, call, done } = await demoActors(app, [pushyFan, 'luna-rivers', 'nova-lake'], 'demo careful');
  for (const [creator, text] of [
    ['luna-rivers', 'Hey, answer me already. Why are you ignoring me??'],
    ['nova-lake', 'Send me your number, I will pay you outside the app'],
  ] as const) {
    await call(pushyFan, 'POST', '/v1/chat', { recipient_id: idOf(creator) });
    await call(pushyFan, 'POST', '/v1/messages', {
      recipient_id: idOf(creator),
      text,
      send_id: `demo-careful-${creator}`,
    });
  }
  const hidden = (await call('luna-rivers', 'GET', `/v1/chat?recipient_id=${idOf(pushyFan)}`)) as {
    data: { chat_id: string };
  };
  await call('luna-rivers', 'PATCH', '/v1/chats', { action: 'hide', ids: hidden.data.chat_id });
  await call('nova-lake', 'POST', `/v1/users/${idOf(pushyFan)}/block`);
  await done();
}
