import type { DiscoverCard, FeedItem, MediaDescriptor, Profile } from '@cove/contracts';

/** A creator's profile as `GET /v1/users/{id}/profile` sends it; override what a test cares about. */
export function testCreator(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: 'c-1',
    username: 'maya',
    type: 'featured',
    gender: 'female',
    avatar_url: null,
    cover_url: null,
    bio: 'Painter and night owl.',
    tags: ['art'],
    is_online: false,
    last_online: null,
    credit_rate: 15,
    subscription_price: 99,
    intro_enabled: false,
    counts: { followers: 12, posts: 3, photos: 2, videos: 1 },
    is_followee: false,
    subscription: null,
    chat_id: null,
    ...overrides,
  };
}

export function testMedia(overrides: Partial<MediaDescriptor> = {}): MediaDescriptor {
  return {
    media_id: 'md-1',
    public_id: 'p-md-1',
    type: 'image',
    status: 'ready',
    locked: false,
    th: '/media/p-md-1/th.jpg',
    st: null,
    rt: null,
    sr: '/media/p-md-1/sr.jpg',
    video_url: null,
    width: 1440,
    height: 960,
    video_length: null,
    ...overrides,
  };
}

/** A feed post as `GET /v1/feed` lists it; override what a test cares about. */
export function testPost(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    _id: 'f-1',
    type: 'text',
    model_id: 'c-1',
    username: 'maya',
    avatar_url: null,
    text: 'Hello from the studio',
    audience: 'user',
    price: 0,
    media: null,
    unlocked: true,
    unlock_by: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function testCard(overrides: Partial<DiscoverCard> = {}): DiscoverCard {
  return {
    _id: 'c-1',
    type: 'featured',
    is_followee: false,
    username: 'maya',
    avatar_url: null,
    profileFeed: [],
    next: null,
    ...overrides,
  };
}

export const feedPageOf = (data: FeedItem[], next: string | null = null) => ({
  data,
  next,
  is_subscribed: false,
});
