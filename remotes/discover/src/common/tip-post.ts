import { type FeedItem, paymentReturn, type PostTipIntent, sendMessageResponse } from '@cove/contracts';
import { confirmCharge, useHost } from '@cove/runtime';
import type { TipChoice } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { postTipCharge } from './charges';
import { replacePost } from './posts-cache';
import { useShortOfCredits } from './short-of-credits';

const newSendId = () => `tip-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The tip as a card payment carries it, so the payment that buys the credits sends it. */
const intentOf = (post: FeedItem, { amount, message }: TipChoice): PostTipIntent => ({
  feed_id: post._id,
  amount,
  ...(message ? { message } : {}),
});

/**
 * `POST /v1/feed/{id}/tip` after the fan confirms: a tip with an optional message on a post, which
 * lands in their chat with the creator. One send id until it lands, so a second confirm or a retry
 * charges once. Short of credits, the sheet or the popup leads to buying them with the tip carried
 * along: the payment sends it, and the fan comes back to this post.
 */
export function useTipPost(post: FeedItem, onDone: () => void) {
  const { api, account, popups } = useHost();
  const client = useQueryClient();
  const shortOfCredits = useShortOfCredits(post.model_id);
  const [sendId, setSendId] = useState(newSendId);
  const tip = useMutation({
    mutationFn: ({ amount, message }: TipChoice) =>
      api.post(
        `/v1/feed/${encodeURIComponent(post._id)}/tip`,
        { amount, send_id: sendId, ...(message ? { message } : {}) },
        { schema: sendMessageResponse },
      ),
    onSuccess: (_sent, { amount }) => {
      setSendId(newSendId());
      replacePost(client, { ...post, tipped: (post.tipped ?? 0) + amount });
      void account.reload();
      onDone();
    },
    onError: (err, choice) => shortOfCredits(err, { tip_post: intentOf(post, choice) }),
  });
  const confirmAndTip = async (choice: TipChoice) => {
    const purchase = { model_id: post.model_id, tip_post: intentOf(post, choice) };
    const confirmed = await confirmCharge(popups, {
      charge: postTipCharge(post, choice.amount, choice.message),
      backTo: paymentReturn(purchase).to,
      purchase,
    });
    if (confirmed) tip.mutate(choice);
  };
  return { ...tip, confirmAndTip };
}
