import type { FastifyInstance } from 'fastify';
import { demoActors, picture, whenReady } from './demo-api';

/** What each demo creator says about themselves and charges (credits: a tenth of a dollar). */
const creators = [
  {
    name: 'luna-rivers',
    bio: 'Singer-songwriter from Lisbon. Travel diaries, unreleased demos and sunsets, mostly sunsets.',
    price: 99,
  },
  { name: 'mira-kent', bio: 'Coach. 30-day challenges, morning routines and honest progress.', price: 49 },
  { name: 'sasha-noir', bio: 'Painter and stylist. Studio days, works in progress, fittings.', price: 0 },
  { name: 'nova-lake', bio: 'Speedruns, retro consoles and late-night streams.', price: 39 },
  { name: 'theo-vance', bio: 'Home cook. One new recipe a week, straight from my kitchen.', price: 0 },
  { name: 'ivy-moon', bio: 'Film photographer. Street, light and the people in it.', price: 59 },
  { name: 'wren-hale', bio: 'Poems for the commute, read aloud on request.', price: 29 },
];

/**
 * Profiles and feeds worth opening: every creator has a bio and prices; luna-rivers has a cover and
 * posts for each audience (everyone, followers, subscribers, a paid one); alex-fan follows her and
 * subscribes to her, so her subscriber post is open to him and her Subscribers tab holds him.
 */
export async function seedDemoProfiles(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(
    app,
    ['alex-fan', 'sam-fan', ...creators.map((c) => c.name)],
    'demo profiles',
  );
  const { call, upload, idOf, tokenOf } = actors;
  for (const c of creators)
    await call(c.name, 'PATCH', '/v1/users/profile', { bio: c.bio, subscription_price: c.price });

  const photo = async (name: string, from: string, to: string, caption: string) =>
    whenReady(app, tokenOf(name), await upload(name, await picture(from, to, caption), 'message'));
  const cover = await photo('luna-rivers', '#f7971e', '#b24592', 'Lisbon');
  if (cover)
    await call('luna-rivers', 'PATCH', '/v1/users/profile', {
      cover_media_id: cover.media_id,
      cover_crop: { x: 0, y: 0.3, width: 1, height: 1 / 3 },
    });

  let sends = 0;
  const post = async (name: string, body: object) =>
    call(name, 'POST', '/v1/feed', { type: 'text', send_id: `demo-post-${++sends}`, ...body });
  await post('luna-rivers', { text: 'New song out Friday. Who is coming to the listening party? 🎶' });
  const golden = await photo('luna-rivers', '#ff9966', '#ff5e62', 'Golden hour');
  if (golden)
    await post('luna-rivers', { type: 'image', media_id: golden.media_id, text: 'Alfama at golden hour' });
  await post('luna-rivers', {
    text: 'Followers first: the tour dates drop here tomorrow.',
    audience: 'follower',
  });
  const studio = await photo('luna-rivers', '#614385', '#516395', 'Studio');
  if (studio) {
    await post('luna-rivers', {
      type: 'image',
      media_id: studio.media_id,
      text: 'Subscribers only: a night in the studio',
      audience: 'subscriber',
    });
    const demo = await photo('luna-rivers', '#355c7d', '#c06c84', 'Demo cover');
    if (demo)
      await post('luna-rivers', {
        type: 'image',
        media_id: demo.media_id,
        text: 'The demo cover, early',
        price: 40,
      });
  }
  await post('mira-kent', { text: 'Day 1 of the challenge: 10 minutes, no excuses 💪' });
  await post('theo-vance', { text: 'This week: slow-cooked ragù. Recipe on Sunday.' });

  await call('alex-fan', 'PATCH', `/v1/users/${idOf('luna-rivers')}/follow`);
  await call('sam-fan', 'PATCH', `/v1/users/${idOf('luna-rivers')}/follow`);
  await call('alex-fan', 'POST', '/v1/subscriptions', {
    model_id: idOf('luna-rivers'),
    send_id: 'demo-subscription',
  });
  await actors.done();
}
