import type { CardBrand } from './payments';

/**
 * The card-number rules the payment screen checks as the fan types and the sandbox provider checks
 * again on the server: one home for both.
 */

/** The Luhn checksum every real card number carries in its last digit (`digits`: digits only). */
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

/**
 * The brand a number's first digits name, however many are typed yet: Visa starts with 4, Mastercard
 * with 51-55 or 2221-2720; other networks are not taken.
 */
export function brandOfPrefix(digits: string): CardBrand | null {
  if (digits.startsWith('4')) return 'VISA';
  const two = Number(digits.slice(0, 2));
  if (digits.length >= 2 && two >= 51 && two <= 55) return 'MASTER';
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'MASTER';
  return null;
}
