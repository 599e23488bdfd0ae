import { creditsToDollars, dollarsToCredits, type Audience } from '@cove/contracts';

/** The audiences as a creator picks them, widest first. */
export const audienceLabels: Record<Audience, string> = {
  user: 'Everyone',
  follower: 'Followers',
  subscriber: 'Subscribers',
  fan: 'Fans',
};
export const audiences = Object.keys(audienceLabels) as Audience[];

/** A post's price typed in dollars, as credits: empty is free (0); null when it is not a price. */
export const priceFromDollars = (text: string): number | null =>
  text.trim() === '' ? 0 : dollarsToCredits(text);

/** A post's price as the dollars typed for it: 25 is "2.50", free is empty. */
export const dollarsFromPrice = (raw: number) => (raw > 0 ? creditsToDollars(raw) : '');

/** What to fix in a price that is not one. */
export const priceHint = 'Enter a price in dollars, in steps of 10 cents, such as 4.50.';
