import {
  featureNames,
  type Chat,
  type ChatUser,
  type ChatsResponse,
  type DiscoverProfile,
  type Features,
  type MediaDescriptor,
  type MediaResponse,
  type Message,
  type Payment,
  type WaitingMessage,
  type ProviderConfig,
  type PublicProfile,
  type User,
} from '@cove/contracts';

/** A provider config with every feature on; override what a test cares about. */
export function testConfig(overrides: Partial<ProviderConfig> = {}): ProviderConfig {
  const features = Object.fromEntries(featureNames.map((name) => [name, true])) as Features;
  return {
    is_guest: false,
    features,
    payment_keywords: '',
    global_keywords: '',
    greeting_keywords: '',
    app_keywords: '',
    bot_check: { mode: 'off', site_key: null },
    ...overrides,
  };
}

/** A signed-in user with every field set, for tests; override what a test cares about. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u-1',
    username: 'river',
    email: 'river@example.com',
    type: 'user',
    gender: null,
    avatar_url: null,
    cover_url: null,
    bio: '',
    subscription_price: 0,
    credit_rate: 10,
    is_customer: false,
    id_verified: false,
    id_verification_status: null,
    identity_check: null,
    requires_moderation: false,
    discover_status: 'hidden',
    force_discover: false,
    onboarding_v2: true,
    code_used: null,
    email_verified: true,
    affiliate: false,
    profile_complete_config: { is_affiliate_profile_visited: false, is_bought_credit_package: false },
    deleted_scheduled: false,
    delete_at: null,
    show_skinscore_banner: false,
    tags: [],
    has_favorites: false,
    is_broadcasting: false,
    unread_feeds: 0,
    invisible: false,
    punishment_alert: false,
    final_punishment_alert: false,
    discover_warning: null,
    intro_enabled: false,
    private_feed: false,
    credits: 250,
    is_staff: false,
    is_staff_mo: false,
    is_release_manager: false,
    frozen: false,
    restricted: false,
    last_online: null,
    utc_offset: null,
    created_at: '2026-01-01T00:00:00.000Z',
    notification_settings: { marketing: false, notifications: true, payments: true, payouts: true },
    ...overrides,
  };
}

/** A chat-list row with every field set, as `GET /v1/chats` sends it; override what a test cares about. */
export function testChat(overrides: Partial<Chat> & { other?: Partial<Chat['other_user']> } = {}): Chat {
  const { other, ...rest } = overrides;
  const otherUser = { _id: 'u-2', username: 'maya', avatar_url: null, deleted: false, ...other };
  return {
    _id: `m-${otherUser._id}`,
    chat_id: `c-${otherUser._id}`,
    recipient_id: otherUser._id,
    other_user: otherUser,
    unread_messages: 0,
    unread_favorites: 0,
    last_message_id: null,
    last_message_time: null,
    last_message_text: null,
    last_message_sender_id: null,
    last_message_notice: null,
    created_at: '2026-01-01T00:00:00.000Z',
    credits: 0,
    credit_rate: 0,
    new_rate: null,
    unread_tip: false,
    media_blocked_from: null,
    blocked: false,
    blocked_by_other: false,
    hidden: false,
    is_intro: false,
    intro_ended: false,
    notes: [],
    favorite: false,
    ...rest,
  };
}

/** One page of the chat list as the server sends it. */
export function testChatsPage(chats: Chat[], next: string | null = null): ChatsResponse {
  return {
    data: chats,
    data_users: chats.map((c) => ({
      _id: c.other_user._id,
      username: c.other_user.username,
      type: 'featured',
      gender: null,
      avatar_url: c.other_user.avatar_url,
      last_online: null,
      is_online: false,
      is_staff: false,
      intro_enabled: false,
    })),
    next,
    unread_messages: chats.reduce((n, c) => n + c.unread_messages, 0),
    unread_messages_favorites: 0,
  };
}

/** A text message with every field set; override what a test cares about. */
export function testMessage(overrides: Partial<Message> = {}): Message {
  return {
    _id: '100',
    type: 'text',
    chat_id: 'c-u-2',
    sender_id: 'u-2',
    recipient_id: 'u-1',
    text: 'Hello',
    system: false,
    notice: null,
    price: 0,
    price_in_dollars: 0,
    self_destruct: false,
    gif_url: null,
    media_id: null,
    media: null,
    media_items: null,
    parent_message_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    send_id: null,
    paid: false,
    is_read: false,
    read_at: null,
    destruct_at: null,
    deleted: false,
    ...overrides,
  };
}

/** Maya as every listing of a creator shows her. */
const mayaInPublic: PublicProfile = {
  _id: 'c-1',
  username: 'maya',
  type: 'featured',
  gender: 'female',
  avatar_url: null,
  last_online: null,
  is_online: false,
  intro_enabled: false,
};

/** A creator as a chat answer carries them; override what a test cares about. */
export function testChatUser(overrides: Partial<ChatUser> = {}): ChatUser {
  return { ...mayaInPublic, is_staff: false, ...overrides };
}

/** A creator as `GET /v1/users/discover` lists them; override what a test cares about. */
export function testProfile(overrides: Partial<DiscoverProfile> = {}): DiscoverProfile {
  return {
    ...mayaInPublic,
    tags: [],
    bio: '',
    cover_url: null,
    credit_rate: 10,
    subscription_price: 0,
    is_followee: false,
    ...overrides,
  };
}

/** A processed photo as a message, post or upload carries it; override what a test cares about. */
export function testMedia(id = 'm1', overrides: Partial<MediaDescriptor> = {}): MediaDescriptor {
  return {
    media_id: id,
    public_id: `p-${id}`,
    type: 'image',
    status: 'ready',
    locked: false,
    th: `/media/p-${id}/th.jpg`,
    st: null,
    rt: null,
    sr: `/media/p-${id}/sr.jpg`,
    video_url: null,
    width: 1440,
    height: 960,
    video_length: null,
    ...overrides,
  };
}

/** What `POST /v1/media` answers for a processed photo. */
export function testMediaResponse(id = 'm1', overrides: Partial<MediaResponse['media']> = {}): MediaResponse {
  const media = testMedia(id, overrides);
  return {
    media_id: id,
    public_id: media.public_id,
    width: media.width,
    height: media.height,
    video_length: media.video_length,
    status: media.status,
    message: null,
    media,
  };
}

/** A card payment for a message that went through, as `GET /v1/payment/:id` reads it; override the rest. */
export function testPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: 'pay-1',
    method: 'card',
    status: 'succeeded',
    payment_type: 'message',
    amount: 500,
    credits: 595,
    bonus: 95,
    model_id: 'c-9',
    chat_id: 'ch-1',
    message_id: 'm-7',
    feed_id: null,
    tip: null,
    tip_message: null,
    subscribe: false,
    card_id: null,
    failure: null,
    action_status: 'done',
    action_error: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The `n`th text message (1–9) waiting in an outbox for u-2, written in that order. */
export function testWaitingMessage(n: number): WaitingMessage {
  return {
    send_id: `s-${n}`,
    chat_id: 'c-u-2',
    recipient_id: 'u-2',
    created_at: `2026-01-01T00:00:0${n}.000Z`,
    warned: false,
    draft: { type: 'text', text: `m${n}`, price: 0, self_destruct: false },
    media: null,
    bundle: null,
  };
}
