import type { FastifyInstance } from 'fastify';
import { demoActors, picture, whenReady } from './demo-api';

/**
 * alex-fan's home feed (`/home`): besides luna-rivers, he follows mira-kent and ivy-moon, who post
 * after he followed, so those posts are new to him (his `unread_feeds`, with Luna's setlist from the
 * earnings demo: five) until he opens it: Luna's news, Mira's post, Ivy's paid photo ("Unlock for
 * $3.00") and her post for subscribers only ("Subscribe to see").
 */
export async function seedDemoHomeFeed(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(
    app,
    ['alex-fan', 'luna-rivers', 'mira-kent', 'ivy-moon'],
    'demo home feed',
  );
  const { call, idOf, tokenOf, upload } = actors;
  for (const creator of ['mira-kent', 'ivy-moon'])
    await call('alex-fan', 'PATCH', `/v1/users/${idOf(creator)}/follow`);

  let sends = 0;
  const post = async (name: string, body: object) =>
    call(name, 'POST', '/v1/feed', { type: 'text', send_id: `demo-home-${++sends}`, ...body });
  await post('mira-kent', { text: 'Day 7: a week in, and the mornings are getting easier. Keep going!' });
  const street = await whenReady(
    app,
    tokenOf('ivy-moon'),
    await upload('ivy-moon', await picture('#232526', '#414345', 'Rua Augusta'), 'message'),
  );
  if (street)
    await post('ivy-moon', {
      type: 'image',
      media_id: street.media_id,
      text: 'Rua Augusta at dawn, the full-size scan',
      price: 30,
    });
  await post('ivy-moon', {
    text: 'Subscribers: the contact sheet from this week, frame by frame.',
    audience: 'subscriber',
  });
  await post('luna-rivers', { text: 'Listening party is on: Friday, 9 pm, link in my bio 🎧' });
  await actors.done();
}
