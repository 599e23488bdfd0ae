import type { CreditPackage } from '@cove/contracts';

/** The credit packages and bonuses of docs/rules.md (Credits and payments). */
export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { amount: 100, bonus: 0, popular: false },
  { amount: 250, bonus: 15, popular: false },
  { amount: 500, bonus: 50, popular: true },
  { amount: 1000, bonus: 150, popular: false },
];

/** Extra credits on a fan's first successful payment. */
export const FIRST_PURCHASE_BONUS = 20;

/** One credit is a tenth of a dollar. */
export const CENTS_PER_CREDIT = 10;

export const packageOf = (amount: number) => CREDIT_PACKAGES.find((p) => p.amount === amount);

/** Crypto: USDC at $1, and the network fee the fan pays on top (1%, at least 0.10). */
export const CRYPTO_CURRENCY = 'USDC';
export function cryptoQuote(amount: number): { price: number; fee: number; total: number } {
  const priceCents = amount * CENTS_PER_CREDIT;
  const feeCents = Math.max(10, Math.round(priceCents / 100));
  return { price: priceCents / 100, fee: feeCents / 100, total: (priceCents + feeCents) / 100 };
}
