import type { PayoutMethodBody, PayoutMethodKind } from '@cove/contracts';
import { normaliseEmail } from '../accounts/sign-in';
import { fail } from '../errors';

/** A payout method as stored: what the provider needs, and the masked label the API shows. */
export interface CheckedMethod {
  method: PayoutMethodKind;
  details: Record<string, string>;
  label: string;
}

/** ISO 13616: the country and check digits moved to the end, letters as numbers, mod 97 must be 1. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  // Piecewise, so the number never leaves a double's exact range.
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest === 1;
}

/** ISO 9362: bank, country, location and an optional branch. */
export const bicValid = (bic: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);

const base58 = '[1-9A-HJ-NP-Za-km-z]';
const walletFormats = {
  // Legacy (1...) and script (3...) addresses in base58, or segwit in bech32 (one case throughout).
  BTC: (a: string) =>
    new RegExp(`^[13]${base58}{25,34}$`).test(a) ||
    ((a === a.toLowerCase() || a === a.toUpperCase()) &&
      /^bc1[02-9ac-hj-np-z]{11,71}$/.test(a.toLowerCase())),
  ETH: (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a),
  USDT_TRC20: (a: string) => new RegExp(`^T${base58}{33}$`).test(a),
} as const;
const currencyNames = { BTC: 'BTC', ETH: 'ETH', USDT_TRC20: 'USDT (TRC-20)' } as const;

/** `j•••@example.com`: the first letter and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** Checks a payout method beyond its shape (docs/rules.md, Methods) and masks it for display. */
export function checkMethod(body: PayoutMethodBody): CheckedMethod {
  switch (body.method) {
    case 'bank_transfer': {
      const iban = body.iban.replace(/\s+/g, '').toUpperCase();
      if (!ibanValid(iban)) throw fail('bad_iban');
      const bic = body.bic?.replace(/\s+/g, '').toUpperCase() ?? '';
      if (bic && !bicValid(bic)) throw fail('bad_bic');
      return {
        method: body.method,
        details: { account_holder: body.account_holder, iban, ...(bic ? { bic } : {}) },
        label: `Bank · ${iban.slice(0, 4)} •••• ${iban.slice(-4)}`,
      };
    }
    case 'paypal_transfer':
    case 'paxum_transfer': {
      // Sign-in's address check, so a bad one answers the spec's text (invalid_email).
      const email = normaliseEmail(body.email);
      const name = body.method === 'paypal_transfer' ? 'PayPal' : 'Paxum';
      return { method: body.method, details: { email }, label: `${name} · ${maskEmail(email)}` };
    }
    case 'crypto_transfer': {
      if (!walletFormats[body.currency](body.address)) throw fail('bad_wallet', currencyNames[body.currency]);
      return {
        method: body.method,
        details: { currency: body.currency, address: body.address },
        label: `${currencyNames[body.currency]} · ${shortAddress(body.address)}`,
      };
    }
  }
}
