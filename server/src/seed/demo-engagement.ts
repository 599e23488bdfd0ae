import type { FastifyInstance } from 'fastify';
import { demoActors } from './demo-api';

/**
 * Posts people engage with, made through the API as the fans would: luna-rivers' posts have likes
 * from the demo fans and a few comments; she pinned her golden-hour photo to the top of her profile and
 * hid one comment (sam-fan still sees it, marked hidden). Run after the demo profiles.
 */
export async function seedDemoEngagement(app: FastifyInstance): Promise<void> {
  const fans = ['alex-fan', 'sam-fan', 'jordan-fan'];
  const actors = await demoActors(app, ['luna-rivers', ...fans], 'demo engagement');
  const { call, idOf } = actors;
  const feed = (await call('luna-rivers', 'GET', `/v1/feed?model_id=${idOf('luna-rivers')}&limit=50`)) as {
    data: { _id: string; text: string }[];
  };
  const postOf = (start: string) => feed.data.find((p) => p.text.startsWith(start))?._id;
  const song = postOf('New song out Friday');
  const golden = postOf('Alfama at golden hour');
  const followersFirst = postOf('Followers first');
  const studio = postOf('Subscribers only');

  const likes: [string | undefined, string[]][] = [
    // jordan-fan has not liked it yet: the post-engagement journey's fan.
    [song, ['alex-fan', 'sam-fan']],
    [golden, ['alex-fan', 'jordan-fan']],
    [followersFirst, ['alex-fan', 'sam-fan']],
    [studio, ['alex-fan']],
  ];
  for (const [post, who] of likes)
    if (post) for (const name of who) await call(name, 'PUT', `/v1/feed/${post}/like`);

  const comment = (name: string, post: string, text: string) =>
    call(name, 'POST', `/v1/feed/${post}/comments`, { text });
  if (song) {
    await comment('jordan-fan', song, 'Counting the days! Will there be a livestream of the party?');
    await comment('sam-fan', song, 'Heard the first one live in Porto. Cannot wait 🎶');
  }
  if (golden) {
    await comment('alex-fan', golden, 'That light over the rooftops 😍');
    const first = (await comment('sam-fan', golden, 'First!!!')) as { data: { _id: string } };
    await call('luna-rivers', 'PATCH', `/v1/feed/${golden}/comments/${first.data._id}`, { hidden: true });
    await call('luna-rivers', 'PUT', `/v1/feed/${golden}/pin`);
  }
  await actors.done();
}
