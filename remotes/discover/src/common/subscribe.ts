import { subscribeResponse, type Profile, type SubscribeOption } from '@cove/contracts';
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
 * a month or a bundle in credits, at the total the fan saw (from their profile, read first where none is cached, as
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
    // The total the fan confirmed goes along: a price changed meanwhile is refused, not charged.
    mutationFn: (option: SubscribeOption | undefined) =>
      api.post(
        '/v1/subscriptions',
        {
          model_id: creatorId,
          send_id: sendId,
          ...(option ? { months: option.months, total: option.total } : {}),
        },
        { schema: subscribeResponse },
      ),
    onSuccess: ({ data }) => {
      setSendId(newSendId());
      client.setQueryData<Profile>(profileKey(creatorId), (p) =>
        p ? { ...p, subscription: { status: data.status, expires_at: data.expires_at } } : p,
      );
      void account.reload();
      // The creator's posts open up wherever they are listed.
      void client.invalidateQueries({ queryKey: postLists });
    },
    onError: (err) => shortOfCredits(err),
  });
  /** `option`: a month, a promotion's month or a bundle from the profile; the plain month when none. */
  const confirmAndSubscribe = async (option?: SubscribeOption) => {
    const profile = await client.ensureQueryData(profileQuery(api, creatorId));
    const chosen = option ?? profile.subscribe_options[0];
    const plain = !chosen || (chosen.months === 1 && !chosen.promotion);
    const confirmed = await confirmCharge(popups, {
      charge: subscriptionCharge(profile, chosen),
      backTo,
      // A card payment finishes the plain month only; for an offer it buys credits and comes back.
      ...(plain ? { purchase: { model_id: creatorId, subscribe: true } } : {}),
    });
    if (confirmed) subscribe.mutate(chosen);
  };
  return { ...subscribe, confirmAndSubscribe };
}
