import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema';
import { buyCredits, demoActors, picture } from './demo-api';
import { paidVideo } from './demo-paid-video';

/**
 * Conversations worth opening on a fresh install, made through the API as the demo people would make
 * them, so every count, charge and event is the real one: alex-fan has chats with three creators, a
 * paid photo and a paid video from luna-rivers locked until bought (with credits to buy them), a free
 * photo, a GIF, a tip, unread replies and luna's note on him; luna has unread chats from the other fans.
 */
export async function seedDemoChats(app: FastifyInstance): Promise<void> {
  const { idOf, tokenOf, call, upload, done } = await demoActors(
    app,
    ['alex-fan', 'sam-fan', 'jordan-fan', 'luna-rivers', 'mira-kent', 'sasha-noir'],
    'demo chats',
  );
  let sends = 0;
  const say = (from: string, to: string, text: string, extra: object = {}) =>
    call(from, 'POST', '/v1/messages', {
      recipient_id: idOf(to),
      text,
      send_id: `demo-${++sends}`,
      ...extra,
    });

  // Alex bought the popular package with a card he kept (the sandbox's test Visa), as a fan would,
  // and may also top up in crypto.
  await buyCredits(app, tokenOf('alex-fan'), 500, { key: 'demo-package', saveCard: true });
  await app.db
    .update(users)
    .set({ features: { crypto_payment: true } })
    .where(eq(users.id, idOf('alex-fan')));

  const pairs = [
    ['alex-fan', 'luna-rivers'],
    ['alex-fan', 'mira-kent'],
    ['alex-fan', 'sasha-noir'],
    ['sam-fan', 'luna-rivers'],
    ['jordan-fan', 'luna-rivers'],
  ] as const;
  for (const [fan, creator] of pairs) await call(fan, 'POST', '/v1/chat', { recipient_id: idOf(creator) });

  await say('alex-fan', 'luna-rivers', 'Hi Luna! Your Lisbon photos were stunning 😍');
  await say(
    'luna-rivers',
    'alex-fan',
    'Thank you Alex! That trip was magical. Want to see the ones I never posted?',
  );
  await say('alex-fan', 'luna-rivers', 'Yes please!\nEspecially the sunset from the castle.');
  const castle = await upload(
    'luna-rivers',
    await picture('#ff7e5f', '#6a3093', 'Castle sunset'),
    'paid_message',
  );
  await say('luna-rivers', 'alex-fan', 'Here it is, just for you ✨', {
    type: 'image',
    price: 50,
    ...castle,
  });
  const tram = await upload('luna-rivers', await picture('#43cea2', '#185a9d', 'Tram 28'), 'message');
  await say('luna-rivers', 'alex-fan', 'And a free one from the tram ride', { type: 'image', ...tram });
  const clip = await paidVideo(app, tokenOf('luna-rivers'), (bytes) =>
    upload('luna-rivers', bytes, 'paid_message', { name: 'clip.mp4', type: 'video/mp4' }),
  );
  if (clip) {
    await say('luna-rivers', 'alex-fan', 'A little clip, just for you 🎬', {
      type: 'video',
      price: 80,
      ...clip,
    });
  }
  const chat = (await call('alex-fan', 'GET', `/v1/chat?recipient_id=${idOf('luna-rivers')}`)) as {
    data: { chat_id: string };
  };
  await call('alex-fan', 'POST', '/v1/messages/tip', {
    chat_id: chat.data.chat_id,
    amount: 20,
    send_id: 'demo-tip',
  });
  const gifs = (await call('luna-rivers', 'GET', '/v1/gifs?q=thanks&limit=1')) as { data: { url: string }[] };
  const gif = gifs.data[0];
  if (gif) await say('luna-rivers', 'alex-fan', '', { type: 'gif', gif_url: gif.url });
  await say('luna-rivers', 'alex-fan', 'This one disappears a day after you read it 🤫', {
    self_destruct: true,
  });
  const lunaSide = (await call('luna-rivers', 'GET', `/v1/chat?recipient_id=${idOf('alex-fan')}`)) as {
    data: { chat_id: string };
  };
  await call('luna-rivers', 'POST', '/v1/chats/note', {
    id: lunaSide.data.chat_id,
    note: 'Loves Lisbon and sunsets. Tipped after the tram photo.',
  });

  await say('alex-fan', 'mira-kent', 'Loved your morning workout video!');
  await say('mira-kent', 'alex-fan', 'Thanks! A new routine drops tomorrow 💪');
  await say('mira-kent', 'alex-fan', 'Are you joining the 30-day challenge?');
  const plan = await say('mira-kent', 'alex-fan', 'My full 30-day plan, day by day 📋', { price: 30 });
  await call('alex-fan', 'PATCH', `/v1/messages/${(plan.data as { _id: string })._id}/buy`);
  await say('alex-fan', 'sasha-noir', 'Your latest piece is incredible. Is it for sale?');
  await say('sam-fan', 'luna-rivers', 'Hey Luna, any tips for Porto?');
  await say('jordan-fan', 'luna-rivers', 'Hi! Big fan of your music.');

  await done();
}
