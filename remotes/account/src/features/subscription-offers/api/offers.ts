import {
  type BundlesBody,
  promotionEnvelope,
  type PromotionBody,
  subscriptionOffersEnvelope,
  trialLinkEnvelope,
  type TrialLinkBody,
} from '@cove/contracts';
import { useHost, useServerEvent } from '@cove/runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const offersKey = ['subscription-offers'];

/** `GET /v1/subscription-offers`, read again whenever a fan uses one (a trial redeemed, a promotion taken). */
export function useOffers() {
  const { api } = useHost();
  const client = useQueryClient();
  useServerEvent('subscription_offers_updated', () => void client.invalidateQueries({ queryKey: offersKey }));
  return useQuery({
    queryKey: offersKey,
    queryFn: ({ signal }) =>
      api.get('/v1/subscription-offers', { schema: subscriptionOffersEnvelope, signal }).then((a) => a.data),
  });
}

/** One change to the offers; the list is read again after it. */
function useOfferChange<V>(run: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: offersKey }),
  });
}

export function useSaveBundles() {
  const { api } = useHost();
  return useOfferChange((body: BundlesBody) =>
    api.put('/v1/subscription-offers/bundles', body, { schema: subscriptionOffersEnvelope }),
  );
}

export function useStartPromotion() {
  const { api } = useHost();
  return useOfferChange((body: PromotionBody) =>
    api.post('/v1/subscription-offers/promotions', body, { schema: promotionEnvelope }),
  );
}

export function useEndPromotion() {
  const { api } = useHost();
  return useOfferChange((id: string) =>
    api.delete(`/v1/subscription-offers/promotions/${encodeURIComponent(id)}`, { schema: promotionEnvelope }),
  );
}

export function useCreateTrialLink() {
  const { api } = useHost();
  return useOfferChange((body: TrialLinkBody) =>
    api.post('/v1/subscription-offers/trial-links', body, { schema: trialLinkEnvelope }),
  );
}

export function useRevokeTrialLink() {
  const { api } = useHost();
  return useOfferChange((id: string) =>
    api.delete(`/v1/subscription-offers/trial-links/${encodeURIComponent(id)}`, {
      schema: trialLinkEnvelope,
    }),
  );
}
