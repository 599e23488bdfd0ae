import type { PayoutMethodBody, PayoutMethodKind } from '@cove/contracts';
import { emailPattern } from '@cove/runtime';

export const methodNames: Record<PayoutMethodKind, string> = {
  bank_transfer: 'Bank transfer',
  paypal_transfer: 'PayPal',
  paxum_transfer: 'Paxum',
  crypto_transfer: 'Crypto',
};

export const currencyNames = {
  BTC: 'Bitcoin (BTC)',
  ETH: 'Ether (ETH)',
  USDT_TRC20: 'USDT on Tron (TRC-20)',
} as const;
export type Currency = keyof typeof currencyNames;

/** Everything any method asks for; each method reads its own fields. */
export interface MethodDetails {
  account_holder: string;
  iban: string;
  bic: string;
  email: string;
  currency: Currency;
  address: string;
}

export const emptyDetails: MethodDetails = {
  account_holder: '',
  iban: '',
  bic: '',
  email: '',
  currency: 'BTC',
  address: '',
};

export type DetailErrors = Partial<Record<keyof MethodDetails, string>>;

const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The spec's generic field messages (section 5). */
const blank = 'Required field cannot be blank';
const badEmail = 'Email is invalid';

/** What is missing or mistyped; the server checks the IBAN checksum and address formats itself. */
export function checkDetails(kind: PayoutMethodKind, d: MethodDetails): DetailErrors {
  const errors: DetailErrors = {};
  if (kind === 'bank_transfer') {
    if (!d.account_holder.trim()) errors.account_holder = blank;
    else if (d.account_holder.trim().length < 2) errors.account_holder = "Enter the account holder's name.";
    if (!d.iban.trim()) errors.iban = blank;
    else if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact(d.iban)))
      errors.iban = 'Enter the IBAN as your bank shows it, starting with the country code.';
    if (d.bic.trim() && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(compact(d.bic)))
      errors.bic = 'A BIC has 8 or 11 letters and digits.';
  } else if (kind === 'crypto_transfer') {
    if (!d.address.trim()) errors.address = blank;
    else if (d.address.trim().length < 20) errors.address = 'Enter the whole wallet address.';
  } else if (!d.email.trim()) {
    errors.email = blank;
  } else if (!emailPattern.test(d.email.trim())) {
    errors.email = badEmail;
  }
  return errors;
}

/** The `PATCH /v2/account/defaults` body for `kind`. */
export function bodyOf(kind: PayoutMethodKind, d: MethodDetails): PayoutMethodBody {
  switch (kind) {
    case 'bank_transfer': {
      const bic = compact(d.bic);
      return {
        method: kind,
        account_holder: d.account_holder.trim(),
        iban: compact(d.iban),
        ...(bic ? { bic } : {}),
      };
    }
    case 'crypto_transfer':
      return { method: kind, currency: d.currency, address: d.address.trim() };
    default:
      return { method: kind, email: d.email.trim() };
  }
}
