import { subscribeResponse, trialLinkOfferEnvelope } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { postLists } from '../../../common/post-lists';
import { profileKey } from '../../../common/get-profile';

/** `GET /v1/trial-links/{code}`: what a free-trial link gives, signed in or not. */
export function useTrialLinkOffer(code: string | null) {
  const { api } = useHost();
  return useQuery({
    queryKey: ['trial-link', code],
    queryFn: ({ signal }) =>
      api
        .get(`/v1/trial-links/${encodeURIComponent(code ?? '')}`, { schema: trialLinkOfferEnvelope, signal })
        .then((answer) => answer.data),
    enabled: code !== null,
    retry: false,
  });
}

const newSendId = () => `trial-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * `POST /v1/subscriptions/trial` once the fan confirmed: `renew` with the monthly price they were shown
 * (the trial then renews at it), or no renewal. One send id per intent, so a retry redeems once.
 */
export function useRedeemTrial(creatorId: string) {
  const { api, account } = useHost();
  const client = useQueryClient();
  const [sendId] = useState(newSendId);
  return useMutation({
    mutationFn: (v: { code: string; renew: boolean; price: number }) =>
      api.post(
        '/v1/subscriptions/trial',
        { code: v.code, send_id: sendId, renew: v.renew, ...(v.renew ? { price: v.price } : {}) },
        { schema: subscribeResponse },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: profileKey(creatorId) });
      void client.invalidateQueries({ queryKey: postLists });
      void account.reload();
    },
  });
}
