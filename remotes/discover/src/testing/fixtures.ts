import type {
  DiscoverCard,
  FeedItem,
  MediaDescriptor,
  PopupOutcome,
  PopupSpec,
  Profile,
} from '@cove/contracts';
import { testMedia as testRuntimeMedia, testProfile } from '@cove/runtime/testing';

/** A creator's profile as `GET /v1/users/{id}/profile` sends it; override what a test cares about. */
export function testCreator(overrides: Partial<Profile> = {}): Profile {
  return {
    ...testProfile({ bio: 'Painter and night owl.', tags: ['art'], credit_rate: 15, subscription_price: 99 }),
    counts: { followers: 12, posts: 3, photos: 2, videos: 1 },
    subscription: null,
    chat_id: null,
    restricted: false,
    subscribe_options: [{ months: 1, percent_off: 0, total: 99, saving: 0, promotion: null }],
    ...overrides,
  };
}

/** A post's processed photo (media md-1); override what a test cares about. */
export const testMedia = (overrides: Partial<MediaDescriptor> = {}) => testRuntimeMedia('md-1', overrides);

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
    like_count: 0,
    comment_count: 0,
    liked: false,
    pinned: false,
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

/** How a fan answers popups in a test: confirms the charge sheet, closes anything else. */
export const confirmCharges = (spec: PopupSpec): PopupOutcome => ({
  action: spec.kind === 'confirm-charge' ? 'confirm' : 'dismiss',
});
