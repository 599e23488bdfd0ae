import { feedPage, profileEnvelope, type ApiClient, type FeedItem, type Profile } from '@cove/contracts';
import { updatePagedItems, usePagedList } from '@cove/runtime/query';
import { useQuery, type QueryClient } from '@tanstack/react-query';

/** The profile's tabs: every post, photos only, videos only. */
export type PostsTab = 'all' | 'image' | 'video';

export const profileKey = (creatorId: string) => ['profile', creatorId] as const;
/** Every tab's list of one creator's posts sits under this key. */
export const postsKey = (creatorId: string) => ['posts', creatorId] as const;

/** Where a popup opened on a profile (buying credits) brings the fan back to. */
export const profilePath = (creatorId: string) => `/creators/${encodeURIComponent(creatorId)}`;

/** `GET /v1/users/{id}/profile`. */
export function useProfile(api: ApiClient, creatorId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: profileKey(creatorId),
    queryFn: ({ signal }) =>
      api
        .get(`/v1/users/${encodeURIComponent(creatorId)}/profile`, { schema: profileEnvelope, signal })
        .then((answer) => answer.data),
  });
}

/** The spec's feed page size. */
const pageSize = 20;

/** `GET /v1/feed?model_id=` for one tab, page by page along the server's `next` links. */
export function usePosts(api: ApiClient, creatorId: string, tab: PostsTab) {
  return usePagedList<FeedItem>({
    queryKey: [...postsKey(creatorId), tab],
    fetchPage: (url, signal) =>
      url
        ? api.get(url, { schema: feedPage, signal })
        : api.get('/v1/feed', {
            query: { model_id: creatorId, limit: pageSize, media: tab === 'all' ? undefined : tab },
            schema: feedPage,
            signal,
          }),
    itemKey: (post) => post._id,
  });
}

/** Puts the server's copy of a post into every tab that holds it. */
export function replacePost(client: QueryClient, post: FeedItem): void {
  updatePagedItems<FeedItem>(client, postsKey(post.model_id), (items) =>
    items.map((p) => (p._id === post._id ? post : p)),
  );
}

export function removePost(client: QueryClient, creatorId: string, postId: string): void {
  updatePagedItems<FeedItem>(client, postsKey(creatorId), (items) => items.filter((p) => p._id !== postId));
}

/** A new post goes first in the all-posts tab; the photo and video tabs read theirs again. */
export function addPost(client: QueryClient, post: FeedItem): void {
  updatePagedItems<FeedItem>(client, [...postsKey(post.model_id), 'all'], (items) => [
    post,
    ...items.filter((p) => p._id !== post._id),
  ]);
  if (post.type === 'image' || post.type === 'video') {
    void client.invalidateQueries({ queryKey: [...postsKey(post.model_id), post.type] });
  }
  client.setQueryData<Profile>(profileKey(post.model_id), (p) =>
    p ? { ...p, counts: { ...p.counts, posts: p.counts.posts + 1 } } : p,
  );
}
