import {
  brandOfPrefix,
  type BrowserInfo,
  type CardBrand,
  luhnValid as luhnOf,
  type PaymentContext,
  type PaymentType,
} from '@cove/contracts';

export const cardTexts = {
  required: 'Required field cannot be blank',
  brand: 'Only Visa and Mastercard are accepted.',
  number: 'This card number is not valid. Check it and try again.',
  expiryFormat: 'Enter the expiry date as MM/YY.',
  expired: 'Credit / debit card expired',
  cvc: 'Enter the 3 digits on the back of the card.',
} as const;

export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** At most 19 digits, in groups of 4: `4242 4242 4242 4242`. */
export function formatCardNumber(text: string): string {
  return digitsOnly(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The brand the typed number's first digits name (the rule's home is @cove/contracts). */
export const cardBrand = (text: string): CardBrand | null => brandOfPrefix(digitsOnly(text));

/** The Luhn checksum of the typed number. */
export const luhnValid = (text: string): boolean => luhnOf(digitsOnly(text));

/** Typed digits as `MM/YY`, the slash added after the month. */
export function formatExpiry(text: string): string {
  const digits = digitsOnly(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** `MM/YY` as a month and a 4-digit year, or null when it is not a date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}
export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** What is wrong with a typed card, field by field (empty when it can be sent). A card works through its expiry month. */
export function checkCard(card: CardInput, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOnly(card.number);
  if (!number) errors.number = cardTexts.required;
  else if (!cardBrand(number)) errors.number = cardTexts.brand;
  else if (number.length < 13 || !luhnValid(number)) errors.number = cardTexts.number;

  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = cardTexts.required;
  else if (!expiry) errors.expiry = cardTexts.expiryFormat;
  else if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1)
    errors.expiry = cardTexts.expired;

  if (!card.cvc) errors.cvc = cardTexts.required;
  else if (!/^\d{3}$/.test(card.cvc)) errors.cvc = cardTexts.cvc;
  return errors;
}

/** What the payment finishes once it succeeds: a message, a post, a subscription, a tip (in a chat or on a post), or credits alone. */
function paymentTypeOf(context: PaymentContext | undefined): PaymentType {
  if (context?.message_id) return 'message';
  if (context?.feed_id) return 'post';
  if (context?.subscribe) return 'subscription';
  if (context?.tip) return 'tip';
  if (context?.tip_post) return 'post_tip';
  return 'credits';
}

/** Where 3-D Secure returns: the shell's /3ds-callback, which the server completes with `&paymentId`. */
export function returnUrls(amount: number, context: PaymentContext | undefined) {
  const url = (outcome: 'success' | 'error') =>
    `/3ds-callback?${new URLSearchParams({
      '3ds': outcome,
      paymentType: paymentTypeOf(context),
      modelId: context?.model_id ?? '',
      amount: String(amount),
      chatId: context?.chat_id ?? '',
      messageId: context?.message_id ?? '',
      feedId: context?.feed_id ?? context?.tip_post?.feed_id ?? '',
    }).toString()}`;
  return { success_url: url('success'), fail_url: url('error') };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n) || 0));

/** The browser facts the card processor asks for with 3-D Secure. */
export function browserInfo(): BrowserInfo {
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // An engine without time zone data: the offset below still says where the browser is.
  }
  return {
    user_agent: navigator.userAgent.slice(0, 1000),
    language: (navigator.language || 'en').slice(0, 40),
    java_enabled: false,
    color_depth: clamp(window.screen.colorDepth, 0, 64),
    screen_width: clamp(window.screen.width, 0, 100_000),
    screen_height: clamp(window.screen.height, 0, 100_000),
    time_zone: timeZone.slice(0, 80),
    time_zone_offset: clamp(new Date().getTimezoneOffset(), -1000, 1000),
  };
}

/** Leaves Cove for the card processor's or crypto provider's page (a full page load). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
