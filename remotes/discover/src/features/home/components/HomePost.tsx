import type { FeedItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { PostCard } from '../../../common/PostCard';
import { profilePath } from '../../../common/profile-path';
import { useSubscribe } from '../../../common/subscribe';

/** Where the home feed's purchases come back to. */
export const homePath = '/home';

/**
 * One post of the home feed, its creator's picture and name leading to their profile. A post for
 * subscribers opens the subscription's confirm sheet here; one for followers only (never shown to a
 * follower, but possible after an unfollow) leads to the profile.
 */
export function HomePost({ post }: { post: FeedItem }) {
  const { navigate } = useHost();
  const subscribe = useSubscribe(post.model_id, homePath);
  const unlockers = {
    follow: () => navigate(profilePath(post.model_id)),
    subscribe: () => void subscribe.confirmAndSubscribe(),
  };
  return <PostCard post={post} own={false} unlockers={unlockers} linkCreator />;
}
