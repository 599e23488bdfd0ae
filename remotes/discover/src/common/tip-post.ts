import { type FeedItem, sendMessageResponse } from '@cove/contracts';
import { confirmCharge, useHost } from '@cove/runtime';
import type { TipChoice } from '@cove/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { postTipCharge } from './charges';
import { profilePath } from './profile-path';
import { useShortOfCredits } from './short-of-credits';

const newSendId = () => `tip-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * `POST /v1/feed/{id}/tip` after the fan confirms: a tip with an optional message on a post, which
 * lands in their chat with the creator. One send id until it lands, so a second confirm or a retry
 * charges once.
 */
export function useTipPost(post: FeedItem, onDone: () => void) {
  const { api, account, popups } = useHost();
  const shortOfCredits = useShortOfCredits(post.model_id);
  const [sendId, setSendId] = useState(newSendId);
  const tip = useMutation({
    mutationFn: ({ amount, message }: TipChoice) =>
      api.post(
        `/v1/feed/${encodeURIComponent(post._id)}/tip`,
        { amount, send_id: sendId, ...(message ? { message } : {}) },
        { schema: sendMessageResponse },
      ),
    onSuccess: () => {
      setSendId(newSendId());
      void account.reload();
      onDone();
    },
    onError: shortOfCredits,
  });
  const confirmAndTip = async (choice: TipChoice) => {
    const confirmed = await confirmCharge(popups, {
      charge: postTipCharge(post, choice.amount, choice.message),
      backTo: profilePath(post.model_id),
      // A payment tips in a chat only (docs/rules.md, What a payment finishes): credits bought here
      // come back to this profile, where the tip is confirmed again.
      purchase: { model_id: post.model_id },
    });
    if (confirmed) tip.mutate(choice);
  };
  return { ...tip, confirmAndTip };
}
