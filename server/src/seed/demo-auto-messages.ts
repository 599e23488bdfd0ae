import type { FastifyInstance } from 'fastify';
import { demoActors, picture, whenReady } from './demo-api';

/**
 * luna-rivers greets the fans who find her: a welcome for a fan's first chat (a note and, when media
 * is processed here, a paid photo) and thank-yous for a new follower, a new subscriber and a fan's
 * first purchase. Set after the demo chats, follows and sales, so those stay as they are; the next fan
 * to open a chat, follow, subscribe or buy gets them.
 */
export async function seedDemoAutoMessages(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(app, ['luna-rivers'], 'demo auto-messages');
  const { call, upload, tokenOf } = actors;
  const bytes = await picture('#ee9ca7', '#ffdde1', 'Welcome');
  const photo = await whenReady(
    app,
    tokenOf('luna-rivers'),
    await upload('luna-rivers', bytes, 'paid_message'),
  );
  await call('luna-rivers', 'PUT', '/v1/auto-messages', {
    category: 'welcome',
    auto_messages: [
      { type: 'text', text: 'Hi, I am Luna! Thanks for saying hello. New songs every Friday 🎶' },
      ...(photo
        ? [
            {
              type: 'media',
              media_id: photo.media_id,
              text: 'A postcard from Lisbon, just for you',
              price: 30,
            },
          ]
        : []),
    ],
  });
  await call('luna-rivers', 'PUT', '/v1/auto-messages', {
    category: 'new_follower',
    delay_minutes: 0,
    auto_messages: [{ type: 'text', text: 'Thank you for following! Tour dates drop here first.' }],
  });
  await call('luna-rivers', 'PUT', '/v1/auto-messages', {
    category: 'new_subscriber',
    delay_minutes: 0,
    auto_messages: [
      { type: 'text', text: 'Welcome to the inner circle! Ask me for any song you want to hear.' },
    ],
  });
  await call('luna-rivers', 'PUT', '/v1/auto-messages', {
    category: 'first_purchase',
    delay_minutes: 0,
    auto_messages: [{ type: 'text', text: 'Thank you for your support, it means the world to me 💛' }],
  });
  await actors.done();
}
