import { subscribeResponse, type Profile } from '@cove/contracts';
import { confirmCharge, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { subscriptionCharge } from './charges';
import { profilePath } from './profile-path';
import { postLists } from './post-lists';
import { profileKey, profileQuery } from './get-profile';
import { useShortOfCredits } from './short-of-credits';

const newSendId = () => `sub-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * `POST /v1/subscriptions` after the fan confirms the price, period, renewal date and how to cancel:
 * a month for the creator's price in credits (from their profile, read first where none is cached, as
 * on the home feed). Short of credits, the sheet or the popup leads to buying them and back to
 * `backTo`, the creator's profile unless said.
 */
export function useSubscribe(creatorId: string, backTo = profilePath(creatorId)) {
  const { api, account, popups } = useHost();
  const shortOfCredits = useShortOfCredits(creatorId, { subscribe: true });
  const client = useQueryClient();
  // One id per subscribe intent: a retried request or a second confirm never charges twice.
  const [sendId, setSendId] = useState(newSendId);
  const subscribe = useMutation({
    mutationFn: () =>
      api.post('/v1/subscriptions', { model_id: creatorId, send_id: sendId }, { schema: subscribeResponse }),
    onSuccess: ({ data }) => {
      setSendId(newSendId());
      client.setQueryData<Profile>(profileKey(creatorId), (p) =>
        p ? { ...p, subscription: { status: data.status, expires_at: data.expires_at } } : p,
      );
      void account.reload();
      // The creator's posts open up wherever they are listed.
      void client.invalidateQueries({ queryKey: postLists });
    },
    onError: shortOfCredits,
  });
  const confirmAndSubscribe = async () => {
    const profile = await client.ensureQueryData(profileQuery(api, creatorId));
    const confirmed = await confirmCharge(popups, {
      charge: subscriptionCharge(profile),
      backTo,
      purchase: { model_id: creatorId, subscribe: true },
    });
    if (confirmed) subscribe.mutate();
  };
  return { ...subscribe, confirmAndSubscribe };
}
