import {
  type ConnectionStatus,
  type DiscoverWarning,
  type EngagementSignals,
  type Features,
  GET_MORE_CHATS_BELOW,
  type User,
} from '@cove/contracts';
import { isFan } from '../onboarding/onboarding';
import { codePending } from '../session/verification-state';

/** The banners the spec lists that the shell owns, each with what its button does. */
export type BannerKind =
  | { kind: 'disconnected' }
  | { kind: 'deletion-scheduled'; deleteAt: string | null }
  | { kind: 'verify-email'; variant: 'code-sent' | 'send-code' }
  | { kind: 'complete-profile'; missing: 'username' | 'gender' }
  | { kind: 'creator-profile'; missing: 'avatar' | 'bio' }
  | { kind: 'discover-warning'; warning: DiscoverWarning; rank: number | null }
  | { kind: 'invisible-profile' }
  | { kind: 'listing-disabled'; why: ListingOff }
  | { kind: 'get-more-chats' }
  | { kind: 'boost-active'; referred: number }
  | { kind: 'start-first-chat' };

/** Why a creator who is not invisible is missing from (part of) Discover; staff decide each. */
export type ListingOff = 'no_discover' | 'denied' | 'not-featured';

/** The banners a person may close for good (in this browser); the others last while their state does. */
export const dismissible = (b: BannerKind): string | null => {
  switch (b.kind) {
    case 'listing-disabled':
      return `listing-disabled:${b.why}`;
    case 'get-more-chats':
    case 'boost-active':
    case 'start-first-chat':
      return b.kind;
    default:
      return null;
  }
};

type SignalFields =
  | 'type'
  | 'invisible'
  | 'discover_status'
  | 'force_discover'
  | 'restricted'
  | 'discover_warning'
  | 'is_staff'
  | 'is_staff_mo';

/**
 * Where a creator stands in Discover (docs/rules.md, Creator signals), most serious first: staff's
 * visibility warning or penalty (with their place in Discover, once known); their own invisible setting; a listing staff turned off or never
 * turned on. An applicant still awaiting approval is told by the application pages instead.
 */
function visibilityBanners(
  user: Pick<User, SignalFields>,
  features: Partial<Features>,
  rank: number | null,
  now: number,
) {
  const list: BannerKind[] = [];
  const warning = user.discover_warning;
  if (warning && Date.parse(warning.ends_at) > now) list.push({ kind: 'discover-warning', warning, rank });
  if (user.invisible) list.push({ kind: 'invisible-profile' });
  else if (features.no_discover) list.push({ kind: 'listing-disabled', why: 'no_discover' });
  else if (user.discover_status === 'denied' && !user.force_discover)
    list.push({ kind: 'listing-disabled', why: 'denied' });
  else if (user.discover_status === 'hidden' && !user.force_discover && !user.restricted)
    list.push({ kind: 'listing-disabled', why: 'not-featured' });
  return list;
}

/**
 * The engagement banners (docs/rules.md, Creator signals): a creator whose referral link brought
 * people is told their boost is on; one with few new chats this week is offered the link; a fan
 * with no chat yet is pointed to Discover.
 */
function engagementBanners(user: Pick<User, SignalFields>, signals: EngagementSignals): BannerKind[] {
  if (user.type === 'featured') {
    const list: BannerKind[] = [];
    if (signals.referred > 0) list.push({ kind: 'boost-active', referred: signals.referred });
    if (!user.invisible && signals.new_chats < GET_MORE_CHATS_BELOW) list.push({ kind: 'get-more-chats' });
    return list;
  }
  return signals.chats === 0 ? [{ kind: 'start-first-chat' }] : [];
}

/** Which banners to show, most urgent first. */
export function bannersFor(input: {
  user: Pick<
    User,
    | 'type'
    | 'is_staff'
    | 'is_staff_mo'
    | 'email_verified'
    | 'username'
    | 'gender'
    | 'avatar_url'
    | 'bio'
    | 'deleted_scheduled'
    | 'delete_at'
    | SignalFields
  > | null;
  connection: ConnectionStatus;
  codeSentAt: number | null;
  /** The provider's features as they apply to the person (`no_discover`). */
  features?: Partial<Features>;
  /** `GET /v1/users/me/signals`, once loaded. */
  signals?: EngagementSignals | null;
  /** What the person closed (`dismissible` keys). */
  dismissed?: ReadonlySet<string>;
  now?: number;
}): BannerKind[] {
  const { user } = input;
  if (!user) return [];
  const now = input.now ?? Date.now();
  const list: BannerKind[] = [];
  if (input.connection === 'disconnected') list.push({ kind: 'disconnected' });
  if (user.deleted_scheduled) list.push({ kind: 'deletion-scheduled', deleteAt: user.delete_at });
  // Email verification prompts are for fans only (spec section 6).
  if (isFan(user) && !user.email_verified) {
    list.push({
      kind: 'verify-email',
      variant: codePending(input.codeSentAt, now) ? 'code-sent' : 'send-code',
    });
  } else if (isFan(user) && (!user.username || !user.gender)) {
    list.push({ kind: 'complete-profile', missing: user.username ? 'gender' : 'username' });
  }
  // A creator's profile is complete with an avatar and a bio (docs/rules.md, "Complete profile").
  if (user.type === 'featured' && !user.avatar_url) list.push({ kind: 'creator-profile', missing: 'avatar' });
  else if (user.type === 'featured' && !user.bio.trim())
    list.push({ kind: 'creator-profile', missing: 'bio' });
  if (user.type === 'featured')
    list.push(...visibilityBanners(user, input.features ?? {}, input.signals?.rank ?? null, now));
  const open = (b: BannerKind) => !input.dismissed?.has(dismissible(b) ?? '');
  const shown = list.filter(open);
  // Nudges wait until the person has nothing more pressing to do; staff get none.
  if (input.signals && shown.length === 0 && !user.is_staff && !user.is_staff_mo)
    return engagementBanners(user, input.signals).filter(open);
  return shown;
}
