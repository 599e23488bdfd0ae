import type { CardBrand } from '@cove/contracts';

/**
 * The sandbox's test cards, after Stripe's: the number decides what a payment with the card does. Any
 * other valid Visa or Mastercard number succeeds. A card's number is only read here, once, to tell its
 * behaviour; the sandbox keeps the behaviour, brand and last four, never the number.
 */
export type CardBehaviour = 'succeeds' | 'requires_3ds' | 'declined' | 'insufficient_funds' | 'expired';

export const TEST_CARDS: readonly { number: string; behaviour: CardBehaviour; outcome: string }[] = [
  { number: '4242424242424242', behaviour: 'succeeds', outcome: 'Visa: succeeds' },
  { number: '5555555555554444', behaviour: 'succeeds', outcome: 'Mastercard: succeeds' },
  { number: '4000000000003220', behaviour: 'requires_3ds', outcome: 'Visa: asks for 3-D Secure' },
  { number: '4000000000000002', behaviour: 'declined', outcome: 'Visa: declined' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', outcome: 'Visa: insufficient funds' },
  { number: '4000000000000069', behaviour: 'expired', outcome: 'Visa: expired card' },
];

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Visa starts with 4; Mastercard with 51-55 or 2221-2720. Other networks are not taken. */
export function brandOf(digits: string): CardBrand | null {
  if (/^4\d{15}$/.test(digits) || /^4\d{12}$/.test(digits)) return 'VISA';
  if (!/^\d{16}$/.test(digits)) return null;
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTER';
  return null;
}

export const behaviourOf = (digits: string): CardBehaviour =>
  TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? 'succeeds';
