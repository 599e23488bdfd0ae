import type { FeedItem, Profile } from '@cove/contracts';
import { updatePagedItems } from '@cove/runtime/query';
import type { QueryClient } from '@tanstack/react-query';
import { postLists, postsKey } from './post-lists';
import { profileKey } from './get-profile';

/** Puts the server's copy of a post into every list that holds it: the creator's tabs, the home feed. */
export function replacePost(client: QueryClient, post: FeedItem): void {
  updatePagedItems<FeedItem>(client, postLists, (items) => items.map((p) => (p._id === post._id ? post : p)));
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
