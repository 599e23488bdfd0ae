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

interface NewPost {
  text: string;
  media: MediaDescriptor | null;
  audience: Audience;
  price: number;
}

const newSendId = () => `feed-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const localId = (sendId: string) => `local-${sendId}`;

/**
 * The spec's feed posting: a local copy of the post shows first, is replaced by the server's when
 * `POST /v1/feed` answers, and is removed when it fails, with the reason kept to show.
 */
export function usePosting(creator: Profile) {
  const { api } = useHost();
  const client = useQueryClient();
  const [pending, setPending] = useState<FeedItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const drop = (sendId: string) => setPending((all) => all.filter((p) => p._id !== localId(sendId)));
  const send = useMutation({
    mutationFn: ({ post, sendId }: { post: NewPost; sendId: string }) =>
      api.post(
        '/v1/feed',
        {
          type: post.media?.type ?? 'text',
          text: post.text,
          media_id: post.media?.media_id,
          audience: post.audience,
          price: post.price,
          send_id: sendId,
        },
        { schema: feedItemEnvelope },
      ),
    onMutate: ({ post, sendId }) => {
      setError(null);
      const local: FeedItem = {
        _id: localId(sendId),
        type: post.media?.type ?? 'text',
        model_id: creator._id,
        username: creator.username,
        avatar_url: creator.avatar_url,
        text: post.text,
        audience: post.audience,
        price: post.price,
        media: post.media,
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
      addPost(client, data);
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
    publish: (post: NewPost) => send.mutate({ post, sendId: newSendId() }),
  };
}
export type Posting = ReturnType<typeof usePosting>;
