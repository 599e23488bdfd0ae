import { chatResponse, followResponse, subscribeResponse, type Profile } from '@cove/contracts';
import { errorMessage, isApiError, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { postsKey, profileKey, profilePath } from './profile-query';

const newSendId = () => `sub-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Follow and unfollow at once on the screen (the profile's follow state and count), put back as they
 * were when the server refuses. Following can unlock posts, so the feed is read again after.
 */
export function useFollow(creatorId: string) {
  const { api } = useHost();
  const client = useQueryClient();
  const key = profileKey(creatorId);
  const path = `/v1/users/${encodeURIComponent(creatorId)}/follow`;
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.patch(path, undefined, { schema: followResponse })
        : api.delete(path, { schema: followResponse }),
    onMutate: async (follow) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Profile>(key);
      client.setQueryData<Profile>(key, (p) =>
        p
          ? {
              ...p,
              is_followee: follow,
              counts: { ...p.counts, followers: Math.max(0, p.counts.followers + (follow ? 1 : -1)) },
            }
          : p,
      );
      return { before };
    },
    onError: (_err, _follow, context) => client.setQueryData(key, context?.before),
    onSuccess: (answer) => {
      client.setQueryData<Profile>(key, (p) =>
        p
          ? { ...p, is_followee: answer.is_followee, counts: { ...p.counts, followers: answer.followers } }
          : p,
      );
      void client.invalidateQueries({ queryKey: postsKey(creatorId) });
    },
  });
}

/**
 * `POST /v1/subscriptions`: a month for the creator's price in credits. Short of credits, the
 * not-enough-credits popup leads to buying them and back to this profile.
 */
export function useSubscribe(creatorId: string) {
  const { api, account, popups } = useHost();
  const client = useQueryClient();
  // One id per subscribe intent: a retried request never charges twice.
  const [sendId, setSendId] = useState(newSendId);
  return useMutation({
    mutationFn: () =>
      api.post('/v1/subscriptions', { model_id: creatorId, send_id: sendId }, { schema: subscribeResponse }),
    onSuccess: ({ data }) => {
      setSendId(newSendId());
      client.setQueryData<Profile>(profileKey(creatorId), (p) =>
        p ? { ...p, subscription: { status: data.status, expires_at: data.expires_at } } : p,
      );
      void account.reload();
      void client.invalidateQueries({ queryKey: postsKey(creatorId) });
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'not_enough_credits') {
        void account.reload();
        popups.open({
          kind: 'not-enough-credits',
          message: errorMessage(err),
          backTo: profilePath(creatorId),
          purchase: { model_id: creatorId },
        });
      }
    },
  });
}

/**
 * Message: the existing chat opens; otherwise `POST /v1/chat` starts one (the server decides whether
 * it may), and a fan out of free chats is offered to unlock them and come back here.
 */
export function useMessage(profile: Profile) {
  const { api, popups } = useHost();
  const navigate = useNavigate();
  const chatPath = `/chats/${encodeURIComponent(profile._id)}`;
  const start = useMutation({
    mutationFn: () => api.post('/v1/chat', { recipient_id: profile._id }, { schema: chatResponse }),
    onSuccess: () => void navigate(chatPath),
    onError: (err) => {
      if (isApiError(err) && err.code === 'free_chat_limit') {
        popups.open({
          kind: 'unlock-free-chat',
          message: errorMessage(err),
          backTo: profilePath(profile._id),
          purchase: { model_id: profile._id },
        });
      }
    },
  });
  return {
    open: () => (profile.chat_id ? void navigate(chatPath) : start.mutate()),
    pending: start.isPending,
    /** Why the chat could not start; the popup says it for the free-chat limit. */
    error:
      start.isError && !(isApiError(start.error) && start.error.code === 'free_chat_limit')
        ? errorMessage(start.error)
        : null,
  };
}
