import type { User } from '@cove/contracts';
import type { UserRow } from '../db/schema';
import { discoverWarningOf } from '../discover/punishment';

/** Spec section 1: moderation required with ID verification absent or pending, or discovery denied. */
export function isRestricted(u: UserRow): boolean {
  if (u.type !== 'featured') return false;
  const idMissingOrPending =
    !u.idVerified && (u.idVerificationStatus === null || u.idVerificationStatus === 'pending');
  return (u.requiresModeration && idMissingOrPending) || u.discoverStatus === 'denied';
}

/** The user as the owner sees it (`GET /v1/users/me`). */
export function toUserDto(u: UserRow, credits: number): User {
  const warning = discoverWarningOf(u);
  return {
    _id: u.id,
    username: u.username,
    email: u.email,
    type: u.type,
    gender: u.gender,
    avatar_url: u.avatarUrl,
    cover_url: u.coverUrl,
    bio: u.bio,
    subscription_price: u.subscriptionPrice,
    credit_rate: u.creditRate,
    is_customer: u.isCustomer,
    id_verified: u.idVerified,
    id_verification_status: u.idVerificationStatus,
    identity_check: u.identityCheck,
    requires_moderation: u.requiresModeration,
    discover_status: u.discoverStatus,
    force_discover: u.forceDiscover,
    onboarding_v2: u.onboardingV2,
    code_used: u.codeUsed,
    email_verified: u.emailVerified,
    affiliate: u.affiliate,
    profile_complete_config: {
      is_affiliate_profile_visited: u.affiliateProfileVisited,
      is_bought_credit_package: u.boughtCreditPackage,
    },
    deleted_scheduled: u.deleteAt !== null,
    delete_at: u.deleteAt?.toISOString() ?? null,
    show_skinscore_banner: u.showSkinscoreBanner,
    tags: u.tags,
    has_favorites: u.hasFavorites,
    is_broadcasting: u.isBroadcasting,
    unread_feeds: u.unreadFeeds,
    invisible: u.invisible,
    intro_enabled: u.introEnabled,
    private_feed: u.privateFeed,
    punishment_alert: warning?.level === 'punishment_alert',
    final_punishment_alert: warning?.level === 'final_punishment_alert',
    discover_warning: warning,
    credits,
    is_staff: u.isStaff,
    is_staff_mo: u.isStaffMo,
    is_release_manager: u.isReleaseManager,
    frozen: u.frozen,
    restricted: isRestricted(u),
    last_online: u.lastOnline?.toISOString() ?? null,
    utc_offset: u.utcOffset,
    created_at: u.createdAt.toISOString(),
    notification_settings: {
      marketing: u.notifyMarketing,
      notifications: u.notifyNotifications,
      payments: u.notifyPayments,
      payouts: u.notifyPayouts,
    },
  };
}
