import {
  type ChargeSummary,
  type FeedItem,
  type Profile,
  type SubscribeOption,
  SUBSCRIPTION_PERIOD_DAYS,
} from '@cove/contracts';
import { formatDuration } from '@cove/runtime';
import { mediaCountLabel } from './media-count';

const DAY_MS = 86_400_000;

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Whether a locked post holds more words than its teaser shows. */
export const readsOn = (post: FeedItem) => (post.words ?? 0) > wordsIn(post.teaser ?? '');

/**
 * What unlocking a post gives: its photos and videos ("3 photos · 1 video"), its one photo or video
 * (with its length), or the whole of its text.
 */
export function postGives(post: FeedItem): string {
  const count = post.media_count;
  if (count && count.images + count.videos > 1) return mediaCountLabel(count);
  if (post.type === 'image') return '1 photo';
  if (post.type === 'video') {
    const length = post.media?.video_length;
    return length ? `1 video, ${formatDuration(Math.round(length))}` : '1 video';
  }
  return post.words ? `The whole post, ${plural(post.words, 'word')}` : 'The whole post';
}

const nameOf = (username: string | null | undefined) => (username ? `@${username}` : 'this creator');

export const postCharge = (post: FeedItem): ChargeSummary => ({
  kind: 'post',
  item: `Post by ${nameOf(post.username)}`,
  gives: postGives(post),
  amount: post.price,
});

/** The plain month a profile offers when it lists no options (a creator who takes no subscribers). */
const monthOf = (profile: Pick<Profile, 'subscription_price'>): SubscribeOption => ({
  months: 1,
  percent_off: 0,
  total: profile.subscription_price,
  saving: 0,
  promotion: null,
});

/**
 * A subscription starts now for the option's months, paid at once, and renews a period later: at the
 * same price for a plain month, at the monthly price after a bundle or a promotion's month.
 */
export const subscriptionCharge = (
  profile: Pick<Profile, 'username' | 'subscription_price'>,
  option: SubscribeOption = monthOf(profile),
  now = Date.now(),
): ChargeSummary => {
  const days = SUBSCRIPTION_PERIOD_DAYS * option.months;
  const offer = option.months > 1 || option.total !== profile.subscription_price;
  return {
    kind: 'subscription',
    item:
      option.months > 1
        ? `${option.months}-month subscription to ${nameOf(profile.username)} (${option.percent_off}% off)`
        : option.promotion
          ? `First month of a subscription to ${nameOf(profile.username)} (${option.percent_off}% off)`
          : `Monthly subscription to ${nameOf(profile.username)}`,
    gives: 'Every subscriber post while it lasts',
    amount: option.total,
    renews: {
      period_days: days,
      renews_at: new Date(now + days * DAY_MS).toISOString(),
      ...(offer ? { amount: profile.subscription_price } : {}),
    },
  };
};

export const postTipCharge = (post: FeedItem, amount: number, note: string): ChargeSummary => ({
  kind: 'tip',
  item: `Tip for ${nameOf(post.username)} on a post`,
  amount,
  ...(note ? { note } : {}),
});
