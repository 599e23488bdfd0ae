import type { Audience } from '@cove/contracts';
import { aboveCapText, usePriceCap } from '@cove/runtime';
import { useState } from 'react';
import { dollarsFromPrice, priceFromDollars, priceHint } from './post-fields';

/**
 * Who can see a post and its price as typed, from a post's (or a new post's) values. A price above the
 * creator's cap is refused here with the server's words; a post's own price stays allowed unchanged.
 */
export function usePostFields(audience: Audience, credits: number) {
  const [chosen, setAudience] = useState(audience);
  const [price, setPrice] = useState(dollarsFromPrice(credits));
  const cap = usePriceCap();
  const typed = priceFromDollars(price);
  const aboveCap = typed !== null && typed > cap && typed !== credits;
  /** What is wrong with the price typed, or null. */
  const problem = typed === null ? priceHint : aboveCap ? aboveCapText(cap) : null;
  /** The price in credits; null while what is typed is not a price the creator may set. */
  const allowed = problem === null ? typed : null;
  return { audience: chosen, setAudience, price, setPrice, credits: allowed, cap, problem };
}

export type PostFields = ReturnType<typeof usePostFields>;
