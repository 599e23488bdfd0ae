import {
  feedItemEnvelope,
  type Audience,
  type FeedItem,
  type MediaDescriptor,
  type Profile,
} from '@cove/contracts';
import { errorMessage, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addPost } from '../../../common/posts-cache';
import { scheduledKey } from './scheduled';

interface NewPost {
  text: string;
  /** The photos and videos in order; the first is the post's cover. */
  media: MediaDescriptor[];
  audience: Audience;
  price: number;
  /** When to publish it (an ISO time), or null for now. */
  publishAt: string | null;
}

const newSendId = () => `feed-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const localId = (sendId: string) => `local-${sendId}`;

/**
 * The spec's feed posting: a local copy of the post shows first, is replaced by the server's when
 * `POST /v1/feed` answers, and is removed when it fails, with the reason kept to show. A scheduled
 * post goes to the Scheduled list instead, and nobody else sees it until its time.
 */
export function usePosting(creator: Profile) {
  const { api } = useHost();
  const client = useQueryClient();
  const [pending, setPending] = useState<FeedItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState<string | null>(null);
  const drop = (sendId: string) => setPending((all) => all.filter((p) => p._id !== localId(sendId)));
  const send = useMutation({
    mutationFn: ({ post, sendId }: { post: NewPost; sendId: string }) =>
      api.post(
        '/v1/feed',
        {
          type: post.media[0]?.type ?? 'text',
          text: post.text,
          ...(post.media.length > 0 ? { media_ids: post.media.map((m) => m.media_id) } : {}),
          audience: post.audience,
          price: post.price,
          send_id: sendId,
          ...(post.publishAt ? { publish_at: post.publishAt } : {}),
        },
        { schema: feedItemEnvelope },
      ),
    onMutate: ({ post, sendId }) => {
      setError(null);
      setScheduled(null);
      if (post.publishAt) return;
      const local: FeedItem = {
        _id: localId(sendId),
        type: post.media[0]?.type ?? 'text',
        model_id: creator._id,
        username: creator.username,
        avatar_url: creator.avatar_url,
        text: post.text,
        audience: post.audience,
        price: post.price,
        media: post.media[0] ?? null,
        media_items: post.media,
        unlocked: true,
        unlock_by: null,
        like_count: 0,
        comment_count: 0,
        liked: false,
        pinned: false,
        created_at: new Date().toISOString(),
      };
      setPending((all) => [local, ...all]);
    },
    onSuccess: ({ data }, { sendId }) => {
      if (data.scheduled_for) {
        setScheduled(data.scheduled_for);
        void client.invalidateQueries({ queryKey: scheduledKey });
      } else addPost(client, data);
      drop(sendId);
    },
    onError: (err, { sendId }) => {
      drop(sendId);
      setError(errorMessage(err));
    },
  });
  return {
    pending,
    error,
    /** The time of the post just scheduled, to say so. */
    scheduled,
    publish: (post: NewPost) => send.mutate({ post, sendId: newSendId() }),
  };
}
export type Posting = ReturnType<typeof usePosting>;
