import { subscribeResponse, type Profile } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { postsKey } from './posts';
import { profileKey } from './profile';
import { useShortOfCredits } from './short-of-credits';

const newSendId = () => `sub-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * `POST /v1/subscriptions`: a month for the creator's price in credits. Short of credits, the
 * not-enough-credits popup leads to buying them and back to this profile.
 */
export function useSubscribe(creatorId: string) {
  const { api, account } = useHost();
  const shortOfCredits = useShortOfCredits(creatorId, { subscribe: true });
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
    onError: shortOfCredits,
  });
}
