import type { FeedItem } from '@cove/contracts';
import type { PagedList } from '@cove/runtime/query';
import { RequestView } from '@cove/ui';
import { PostCard, type Unlockers } from '../../../common/PostCard';

/**
 * The post the address names, read on its own because the feed's loaded pages do not hold it: shown
 * first, opened, or the server's reason when the viewer cannot have it (gone, another creator's).
 */
export function OpenedPost({
  post,
  own,
  unlockers,
}: {
  post: PagedList<FeedItem>;
  own: boolean;
  unlockers: Unlockers;
}) {
  return (
    <RequestView state={post.state} retry={post.retry}>
      {([item]) =>
        item ? (
          <PostCard post={item} own={own} unlockers={unlockers} opened />
        ) : (
          <p role="status">That post is not on this profile.</p>
        )
      }
    </RequestView>
  );
}
