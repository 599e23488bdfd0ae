import {
  commentDeleteResponse,
  commentsPage,
  type FeedItem,
  type PostComment,
  postCommentEnvelope,
  postLikeResponse,
  postPinResponse,
} from '@cove/contracts';
import { useHost, useServerEvent } from '@cove/runtime';
import { updatePagedItems, usePagedList } from '@cove/runtime/query';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { postLists, postsKey } from './post-lists';

type Counts = Partial<Pick<FeedItem, 'like_count' | 'comment_count' | 'liked' | 'pinned'>>;

/** Puts a post's new counts (or the viewer's like, or its pin) into every list that holds it. */
export function patchPost(client: QueryClient, postId: string, counts: Counts): void {
  updatePagedItems<FeedItem>(client, postLists, (items) =>
    items.map((p) => (p._id === postId ? { ...p, ...counts } : p)),
  );
}

/** Every page of one post's comments, in either order. */
export const commentsKey = (postId: string) => ['post-comments', postId] as const;

const postUrl = (post: FeedItem, rest = '') => `/v1/feed/${encodeURIComponent(post._id)}${rest}`;

/**
 * A post's counts live: the server tells the creator and whoever acted (`post_engagement`), and every
 * card of the post shows the new numbers; an open comment list reads again.
 */
export function usePostEngagementEvents(postId: string): void {
  const client = useQueryClient();
  useServerEvent('post_engagement', (event) => {
    if (event.feed_id !== postId) return;
    patchPost(client, postId, { like_count: event.like_count, comment_count: event.comment_count });
    void client.invalidateQueries({ queryKey: commentsKey(postId) });
  });
}

/** `PUT` / `DELETE /v1/feed/{id}/like`: shown at once, the server's count put in when it answers. */
export function useLike(post: FeedItem) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) =>
      liked
        ? api.put(postUrl(post, '/like'), undefined, { schema: postLikeResponse })
        : api.delete(postUrl(post, '/like'), { schema: postLikeResponse }),
    onMutate: (liked) =>
      patchPost(client, post._id, {
        liked,
        like_count: Math.max(0, post.like_count + (liked === post.liked ? 0 : liked ? 1 : -1)),
      }),
    onSuccess: (answer) => patchPost(client, post._id, answer),
    onError: () => patchPost(client, post._id, { liked: post.liked, like_count: post.like_count }),
  });
}

/** `PUT` / `DELETE /v1/feed/{id}/pin`: the creator's profile reads again, pinned posts first. */
export function usePin(post: FeedItem) {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pinned: boolean) =>
      pinned
        ? api.put(postUrl(post, '/pin'), undefined, { schema: postPinResponse })
        : api.delete(postUrl(post, '/pin'), { schema: postPinResponse }),
    onSuccess: (_answer, pinned) => {
      patchPost(client, post._id, { pinned });
      void client.invalidateQueries({ queryKey: postsKey(post.model_id) });
    },
  });
}

export type CommentOrder = 'newest' | 'oldest';

/** `GET /v1/feed/{id}/comments`, page by page along the server's `next` links. */
export function useComments(post: FeedItem, order: CommentOrder) {
  const { api } = useHost();
  return usePagedList<PostComment>({
    queryKey: [...commentsKey(post._id), order],
    fetchPage: (url, signal) =>
      api.get(url ?? postUrl(post, '/comments'), {
        query: url ? undefined : { order, limit: 20 },
        schema: commentsPage,
        signal,
      }),
    itemKey: (c) => c._id,
  });
}

/** Comment changes: the list reads again and the post's count is the server's. */
function useCommentChange<A>(post: FeedItem, send: (arg: A) => Promise<{ comment_count: number }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ comment_count }) => {
      patchPost(client, post._id, { comment_count });
      void client.invalidateQueries({ queryKey: commentsKey(post._id) });
    },
  });
}

export function useAddComment(post: FeedItem) {
  const { api } = useHost();
  return useCommentChange(post, (text: string) =>
    api.post(postUrl(post, '/comments'), { text }, { schema: postCommentEnvelope }),
  );
}

export function useHideComment(post: FeedItem) {
  const { api } = useHost();
  return useCommentChange(post, ({ id, hidden }: { id: string; hidden: boolean }) =>
    api.patch(
      postUrl(post, `/comments/${encodeURIComponent(id)}`),
      { hidden },
      { schema: postCommentEnvelope },
    ),
  );
}

export function useDeleteComment(post: FeedItem) {
  const { api } = useHost();
  return useCommentChange(post, (id: string) =>
    api.delete(postUrl(post, `/comments/${encodeURIComponent(id)}`), { schema: commentDeleteResponse }),
  );
}
