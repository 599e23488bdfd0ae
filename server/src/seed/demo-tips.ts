import type { FastifyInstance } from 'fastify';
import { demoActors } from './demo-api';

/**
 * Tips people actually send, and a post nobody buys blind, made through the API as a fan would:
 * alex-fan tips luna-rivers $3.50 on her new-song post and $7.50 in their chat, each with a message
 * both of them read in the thread; theo-vance sells a recipe whose first line is its teaser. Run after
 * the demo earnings (alex-fan has credits then).
 */
export async function seedDemoTips(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(app, ['alex-fan', 'luna-rivers', 'theo-vance'], 'demo tips');
  const { call, idOf } = actors;
  const feed = (await call('alex-fan', 'GET', `/v1/feed?model_id=${idOf('luna-rivers')}&limit=50`)) as {
    data: { _id: string; text: string }[];
  };
  const song = feed.data.find((p) => p.text.startsWith('New song out Friday'));
  if (song)
    await call('alex-fan', 'POST', `/v1/feed/${song._id}/tip`, {
      amount: 35,
      send_id: 'demo-tip-post',
      message: 'Played it on repeat all the way to work. Counting down to Friday!',
    });
  const chat = (await call('alex-fan', 'GET', `/v1/chat?recipient_id=${idOf('luna-rivers')}`)) as {
    data: { chat_id: string };
  };
  await call('alex-fan', 'POST', '/v1/messages/tip', {
    chat_id: chat.data.chat_id,
    amount: 75,
    send_id: 'demo-tip-message',
    message: 'For the Porto photos. Have a coffee on me ☕',
  });
  await call('theo-vance', 'POST', '/v1/feed', {
    type: 'text',
    text: [
      'My ragù, step by step: the recipe my nonna never wrote down',
      'Brown 500 g of beef shin and 200 g of pork in two batches, never crowded.',
      'Soffritto: onion, carrot and celery, 20 minutes on the lowest flame.',
      'Half a bottle of red, reduced; then passata and a parmesan rind; four hours, lid ajar.',
    ].join('\n'),
    price: 45,
    send_id: 'demo-teaser-post',
  });
  await actors.done();
}
