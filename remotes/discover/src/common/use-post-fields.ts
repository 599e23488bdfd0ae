import type { Audience } from '@cove/contracts';
import { useState } from 'react';
import { dollarsFromPrice, priceFromDollars } from './post-fields';

/** Who can see a post and its price as typed, from a post's (or a new post's) values. */
export function usePostFields(audience: Audience, credits: number) {
  const [chosen, setAudience] = useState(audience);
  const [price, setPrice] = useState(dollarsFromPrice(credits));
  /** The price in credits; null while what is typed is not a price. */
  const typed = priceFromDollars(price);
  return { audience: chosen, setAudience, price, setPrice, credits: typed };
}

export type PostFields = ReturnType<typeof usePostFields>;
