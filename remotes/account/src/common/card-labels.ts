import type { CardBrand, SavedCard } from '@cove/contracts';

/** The brands' names as people know them. */
export const brandNames: Record<CardBrand, string> = { VISA: 'Visa', MASTER: 'Mastercard' };
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** How a saved card is named on screen: `Visa •••• 4242`. */
export const cardName = (card: SavedCard) => `${brandNames[card.brand]} •••• ${card.last4}`;
/** Its expiry as printed on it: `04/29`. */
export const cardExpiry = (card: SavedCard) =>
  `${twoDigits(card.exp_month)}/${twoDigits(card.exp_year % 100)}`;
