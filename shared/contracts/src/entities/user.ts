import * as z from 'zod/mini';

export const userType = z.enum(['user', 'featured']);
export const gender = z.enum(['male', 'female', 'trans']);
export type Gender = z.infer<typeof gender>;
export const idVerificationStatus = z.enum(['pending', 'in_progress', 'rejected', 'verified']);
export const identityCheck = z.enum(['in_progress', 'verified', 'retake']);
export const discoverStatus = z.enum(['featured', 'hidden', 'denied']);

export const notificationSettings = z.object({
  marketing: z.boolean(),
  notifications: z.boolean(),
  payments: z.boolean(),
  payouts: z.boolean(),
});

/**
 * Anyone as others see them: what every public view of a person carries. The chat's other person
 * (`chatUser`), a discover card (`creatorCard`) and a creator's profile (`profile`) extend it.
 */
export const publicProfile = z.object({
  _id: z.string(),
  username: z.nullable(z.string()),
  type: userType,
  gender: z.nullable(gender),
  avatar_url: z.nullable(z.string()),
  last_online: z.nullable(z.string()),
  is_online: z.boolean(),
  intro_enabled: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/**
 * Staff's visibility ladder as the creator sees it (docs/rules.md, Creator signals): a first warning
 * (`punishment_alert`), a final one (`final_punishment_alert`), then a penalty that lowers their place
 * in Discover until `ends_at`. `reason` is staff's, shown to the creator.
 */
const discoverWarningLevel = z.enum(['punishment_alert', 'final_punishment_alert', 'penalty']);
export const discoverWarning = z.object({
  level: discoverWarningLevel,
  reason: z.string(),
  ends_at: z.string(),
});
export type DiscoverWarning = z.infer<typeof discoverWarning>;

/** The signed-in user's own record, as `GET /v1/users/me` answers it (spec: account document, section 3). */
export const user = z.object({
  _id: z.string(),
  username: z.nullable(z.string()),
  email: z.string(),
  type: userType,
  gender: z.nullable(gender),
  avatar_url: z.nullable(z.string()),
  cover_url: z.nullable(z.string()),
  bio: z.string(),
  /** A creator's monthly subscription price in credits; 0 when they take no subscribers. */
  subscription_price: z.int(),
  /** A creator's rate for new chats: credits per fan message. */
  credit_rate: z.int(),
  is_customer: z.boolean(),
  id_verified: z.boolean(),
  id_verification_status: z.nullable(idVerificationStatus),
  identity_check: z.nullable(identityCheck),
  requires_moderation: z.boolean(),
  discover_status: discoverStatus,
  force_discover: z.boolean(),
  onboarding_v2: z.boolean(),
  code_used: z.nullable(z.string()),
  email_verified: z.boolean(),
  affiliate: z.boolean(),
  profile_complete_config: z.object({
    is_affiliate_profile_visited: z.boolean(),
    is_bought_credit_package: z.boolean(),
  }),
  deleted_scheduled: z.boolean(),
  delete_at: z.nullable(z.string()),
  show_skinscore_banner: z.boolean(),
  tags: z.array(z.string()),
  has_favorites: z.boolean(),
  is_broadcasting: z.boolean(),
  unread_feeds: z.int(),
  invisible: z.boolean(),
  intro_enabled: z.boolean(),
  private_feed: z.boolean(),
  /** The spec's Discover warnings: true while staff's first or final warning stands. */
  punishment_alert: z.boolean(),
  final_punishment_alert: z.boolean(),
  /** The ladder's current step with staff's reason, or null (also once it lapsed). */
  discover_warning: z.nullable(discoverWarning),
  credits: z.int(),
  is_staff: z.boolean(),
  is_staff_mo: z.boolean(),
  /** May publish and roll back remotes at /account/releases (granted by the admin CLI). */
  is_release_manager: z.boolean(),
  frozen: z.boolean(),
  restricted: z.boolean(),
  last_online: z.nullable(z.string()),
  /** Minutes east of UTC, as the person's browser last said; null until it has. */
  utc_offset: z.nullable(z.int()),
  created_at: z.string(),
  notification_settings: notificationSettings,
});
export type User = z.infer<typeof user>;

/** Staff or a moderator: they get the staff console, not a fan's onboarding or balance. */
export const isStaffMember = (u: Pick<User, 'is_staff' | 'is_staff_mo'>) => u.is_staff || u.is_staff_mo;
