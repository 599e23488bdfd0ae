import type { FastifyInstance } from 'fastify';
import { runAdminCommand } from '../admin/commands';
import { users } from '../db/schema';
import { supportUserId } from '../support/support-account';
import { demoActors } from './demo-api';
import { demoEmail } from './demo-world';

/** The demo fan whose account staff froze, and who answered support. */
export const frozenFan = 'drew-fan';

/**
 * Trust and safety in the demo world (docs/rules.md, Frozen accounts, Blocked people, the switches):
 * `drew-fan` is frozen, with support's first message and his reply in his support chat (staff answer
 * it at /account/support-chats); `jordan-fan` blocked `theo-vance` (Settings, Blocked people);
 * `nova-lake` keeps a private feed (a post only her subscribers open); `theo-vance` has his vault
 * turned off (no Vault in his account, no vault in his composers).
 */
export async function seedDemoTrust(app: FastifyInstance): Promise<void> {
  await app.db
    .insert(users)
    .values({
      email: demoEmail(frozenFan),
      username: frozenFan,
      type: 'user',
      gender: 'male',
      emailVerified: true,
    })
    .onConflictDoNothing();
  const admin = (command: 'freeze' | 'feature', name: string, args: string[] = []) =>
    runAdminCommand(app.db, app.realtime, { actor: 'demo', command, email: demoEmail(name), args });
  await admin('freeze', frozenFan);
  await admin('feature', 'theo-vance', ['vault', 'off']);

  const { idOf, call, done } = await demoActors(
    app,
    [frozenFan, 'jordan-fan', 'theo-vance', 'nova-lake'],
    'demo trust',
  );
  const support = await supportUserId(app.db);
  if (support) {
    await call(frozenFan, 'POST', '/v1/messages', {
      recipient_id: support,
      text: 'Hi, I think someone else used my account last night. What should I do?',
      send_id: 'demo-trust-frozen-reply',
    });
  }
  await call('jordan-fan', 'POST', `/v1/users/${idOf('theo-vance')}/block`);
  await call('nova-lake', 'POST', '/v1/feed', {
    type: 'text',
    text: 'Tonight’s speedrun route, split by split. For my subscribers only.',
    send_id: 'demo-trust-private-post',
  });
  await call('nova-lake', 'PATCH', `/v1/users/${idOf('nova-lake')}`, { private_feed: true });
  await done();
}
