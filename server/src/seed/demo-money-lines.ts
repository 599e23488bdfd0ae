import type { FastifyInstance } from 'fastify';
import { demoActors } from './demo-api';

/**
 * A rate change in luna-rivers's chat with jordan-fan, through the API as luna would make it: both
 * threads show the line worded for their side in dollars ("You changed the rate to $1.50 per
 * message." / "Messages in this chat now cost $1.50 each."), beside the tip and subscription lines the
 * other demo modules write. Each is stored as a kind and an amount (docs/rules.md, Money on screen).
 */
export async function seedDemoMoneyLines(app: FastifyInstance): Promise<void> {
  const { idOf, call, done } = await demoActors(app, ['luna-rivers', 'jordan-fan'], 'demo money lines');
  const chat = (await call('luna-rivers', 'GET', `/v1/chat?recipient_id=${idOf('jordan-fan')}`)) as {
    data: { chat_id: string };
  };
  await call('luna-rivers', 'POST', '/v1/chats/change-rate', { chat_id: chat.data.chat_id, rate: 15 });
  await done();
}
