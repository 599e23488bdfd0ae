import { messages } from './errors';
import { FAN_LISTS_MAX } from './fans';
import { type MediaKind, mediaMessages } from './media';
import { PINNED_POSTS_MAX } from './profiles';

/** One error the API can answer with: its HTTP status and its text (a function when the text has parts). */
interface CatalogueEntry {
  readonly status: number;
  readonly message: string | ((...args: never[]) => string);
}

const kindWord = (kind: MediaKind) => (kind === 'video' ? 'video' : 'photo');

/**
 * Every error the server answers with, by `code`. Clients switch on the code, never on the text; the texts
 * are the spec's where it gives one (section 8 of both spec files).
 */
export const errorCatalogue = {
  // Requests in general
  validation: { status: 400, message: (detail: string) => detail },
  malformed_json: { status: 400, message: messages.malformedJson },
  bad_path: { status: 400, message: "The address's path is not valid: it must be UTF-8, percent-encoded." },
  push_endpoint_taken: {
    status: 409,
    message: "This browser's notifications belong to another session. Turn them off and on again.",
  },
  bad_request: { status: 400, message: (detail: string) => detail },
  invalid_utf8: { status: 400, message: 'The request body is not valid UTF-8.' },
  unsupported_charset: { status: 415, message: 'The request body must be JSON in UTF-8.' },
  unsupported_encoding: {
    status: 415,
    message: 'Send the request body uncompressed (no Content-Encoding).',
  },
  unsupported_media_type: { status: 415, message: (detail: string) => detail },
  body_too_large: { status: 413, message: (detail: string) => detail },
  unauthorized: { status: 401, message: messages.signIn },
  forbidden: { status: 403, message: messages.forbidden },
  not_found: {
    status: 404,
    message: (
      thing?: 'Chat' | 'Message' | 'Note' | 'Payment' | 'Card' | 'Post' | 'Comment' | 'List' | 'Notification',
    ) => (thing ? `${thing} not found` : messages.notFound),
  },
  rate_limited: { status: 429, message: messages.tooManyRequests },
  internal_error: { status: 500, message: messages.generic },

  // Accounts and sign-in
  invalid_email: { status: 400, message: messages.invalidEmail },
  terms_required: {
    status: 400,
    message: 'Please confirm you are 18 or older and accept the terms to create an account.',
  },
  suspended: { status: 403, message: messages.suspended },
  frozen: { status: 423, message: messages.frozen },
  gone: { status: 410, message: messages.accountGone },
  user_not_found: { status: 404, message: messages.userNotFound },
  link_expired: { status: 410, message: messages.linkExpired },
  link_used: { status: 410, message: 'This link was already used. Please request a new one.' },
  link_invalid: { status: 400, message: 'This sign-in link is not valid. Please request a new one.' },
  sign_in_limited: {
    status: 429,
    message: (wait: string) => `Too many sign-in attempts. Try again in ${wait}.`,
  },
  bot_check: { status: 400, message: 'Please confirm you are human and try again.' },
  bot_check_unavailable: {
    status: 503,
    message: 'The human check is not available right now. Please try again in a moment.',
  },
  wrong_code: { status: 400, message: messages.wrongCode },
  code_expired: { status: 400, message: 'This code has expired. Please ask for a new one.' },
  code_locked: { status: 429, message: 'Too many wrong codes. Please ask for a new one.' },
  // The second factor (docs/rules.md, Second factor)
  wrong_factor_code: {
    status: 400,
    message: 'That code is not right. Check your authenticator app (or a recovery code) and try again.',
  },
  factor_code_used: { status: 400, message: 'This code was already used. Please wait for the next one.' },
  factor_locked: { status: 429, message: 'Too many wrong codes. Please sign in again.' },
  factor_code_needed: {
    status: 400,
    message: 'Confirm with your passkey or enter the code from your authenticator app.',
  },
  factor_setup_required: {
    status: 403,
    message:
      'This account needs a second factor (a passkey or an authenticator app). Set one up in Account › Security first.',
  },
  factor_already_on: { status: 409, message: 'Your authenticator app is already set up.' },
  factor_not_started: { status: 409, message: 'Start setting up your authenticator app again.' },
  factor_off: { status: 409, message: 'Set up a passkey or an authenticator app first.' },
  passkey_expired: {
    status: 400,
    message: 'This passkey request has expired or was already used. Please try again.',
  },
  passkey_failed: { status: 400, message: 'That passkey could not be verified. Please try again.' },
  passkey_none: { status: 409, message: 'You have no passkey yet. Add one in Account › Security.' },
  last_factor: {
    status: 409,
    message:
      'This is your last second factor. Add another passkey or an authenticator app before removing it.',
  },
  factor_staff_keeps: { status: 409, message: 'Staff accounts keep their authenticator app.' },
  use_authenticator: {
    status: 409,
    message: 'Your payout method is confirmed with your authenticator app: no email code is needed.',
  },
  code_cooldown: {
    status: 429,
    message: (seconds: number) => `Please wait ${seconds} seconds before asking for a new code.`,
  },
  code_limit: {
    status: 429,
    message: (wait: string, scope: 'account' | 'address') =>
      scope === 'account'
        ? `You have asked for too many codes. Please try again in ${wait}.`
        : `Too many codes were sent to this address. Please try again in ${wait}.`,
  },
  already_verified: { status: 409, message: 'Your email is already verified.' },
  email_taken: { status: 409, message: 'This email is already in use by another account.' },
  email_changed: {
    status: 409,
    message: 'Your email changed since this code was sent. Please ask for a new one.',
  },
  username_taken: { status: 409, message: messages.usernameTaken },
  invalid_username: { status: 400, message: (problem: string) => problem },
  code_already_used: { status: 409, message: 'An invite code is already set on this account.' },
  too_many_tags: { status: 400, message: 'You can have at most 20 tags.' },
  exclusive_content: {
    status: 400,
    message: 'Sorry, you cannot mention exclusive content in your title/bio',
  },

  // Profiles
  own_follow: { status: 400, message: 'You can not follow yourself.' },
  region_blocked: { status: 451, message: 'Sorry this creator not available in your country' },

  // Chats
  own_chat: { status: 400, message: 'Can not create chat with your own user.' },
  chat_refused: { status: 403, message: "Sorry, you can't create a chat with this user right now" },
  free_chat_limit: {
    status: 402,
    message:
      'You have hit your maximum amount of free chats, buy a credit package to unlock unlimited free chats.',
  },
  own_block: { status: 400, message: 'You can not block yourself.' },
  own_report: { status: 400, message: 'You can not report yourself.' },
  reports_limited: {
    status: 429,
    message: (wait: string) => `You have sent many reports in the last hour. Please try again in ${wait}.`,
  },
  post_not_found_for_report: { status: 404, message: 'That post is not one of this person\u2019s posts.' },

  // The staff console
  moderator_not_allowed: {
    status: 403,
    message: 'Moderators may not do this. Please ask a staff member.',
  },
  staff_action_refused: { status: 409, message: (detail: string) => detail },
  payment_not_reversible: { status: 409, message: (detail: string) => detail },
  report_resolved: { status: 409, message: 'This report is already resolved.' },

  // Fans and lists
  fan_lists_full: { status: 409, message: `You can have at most ${FAN_LISTS_MAX} lists.` },
  fan_list_name_taken: { status: 409, message: 'You already have a list with this name.' },

  // Messages
  own_message: { status: 400, message: "You can't send message to yourself" },
  empty_text: { status: 400, message: 'Please write a message first.' },
  media_required: { status: 400, message: 'Photo and video messages need an uploaded file.' },
  media_kind: { status: 400, message: (kind: MediaKind) => `This file is not a ${kindWord(kind)}.` },
  media_not_usable: { status: 400, message: mediaMessages.notUsable },
  price_not_allowed: { status: 400, message: 'Only creators can send paid messages.' },
  price_above_cap: {
    status: 403,
    message: (max: string) => `Prices above ${max} need staff approval: ask support to allow higher prices.`,
  },
  bad_parent: { status: 400, message: 'The message you reply to is not in this chat.' },
  bad_gif: { status: 400, message: 'This GIF cannot be sent.' },
  text_blocked: { status: 422, message: 'This message breaks the rules of Cove and cannot be sent.' },
  text_warned: {
    status: 422,
    message: 'Payments and contacts outside Cove are not allowed. Edit your message, or send it anyway.',
  },
  blocked: { status: 403, message: "You can't send messages to this user." },
  media_blocked: { status: 403, message: 'Sending media blocked.' },
  not_enough_credits: {
    status: 402,
    message: (credits: number) => (credits === 0 ? 'You have no credits.' : 'Balance too low.'),
  },
  send_id_reused: {
    status: 409,
    message: 'This send_id was already used for a different message. Use a new send_id for a new message.',
  },
  cannot_delete: { status: 403, message: 'You can not delete this message.' },
  already_purchased: { status: 409, message: 'Message was already purchased.' },
  not_for_sale: { status: 400, message: 'This message is not for sale.' },
  tip_not_allowed: { status: 400, message: 'Only fans can tip creators.' },
  tips_disabled: { status: 403, message: 'This creator does not take tips.' },

  // Feed
  schedule_in_past: { status: 400, message: 'Choose a time in the future to publish this post.' },
  schedule_too_far: {
    status: 400,
    message: (days: number) => `A post can be scheduled at most ${days} days ahead.`,
  },
  post_not_scheduled: { status: 409, message: 'This post is already published.' },
  media_repeated: { status: 400, message: 'The same photo or video is attached twice.' },
  already_unlocked: { status: 409, message: 'You already unlocked this post.' },
  post_locked: { status: 403, message: 'Unlock this post to like it or comment on it.' },
  post_engagement_blocked: { status: 403, message: "You can't like or comment on this creator's posts." },
  comment_blocked: { status: 422, message: 'This comment breaks the rules of Cove and cannot be posted.' },
  pins_full: {
    status: 409,
    message: `You can pin up to ${PINNED_POSTS_MAX} posts. Unpin one first.`,
  },
  // Spending history
  receipt_not_found: { status: 404, message: 'Receipt not found' },
  history_range: { status: 400, message: 'The start date must be on or before the end date.' },
  history_export_too_large: {
    status: 400,
    message: (most: number) =>
      `This range holds more than ${most.toLocaleString('en-US')} rows. Choose a shorter date range.`,
  },
  post_not_for_sale: { status: 400, message: 'This post is not for sale.' },
  audience_required: {
    status: 403,
    message: (missing: 'follow' | 'subscribe' | 'fan') =>
      missing === 'follow'
        ? 'Follow this creator to unlock this post.'
        : missing === 'subscribe'
          ? 'Subscribe to this creator to unlock this post.'
          : 'This post is for fans who have paid this creator.',
  },
  delete_limit_renewing: {
    status: 403,
    message: 'You cannot delete any more content until you cancel your subscriptions.',
  },
  delete_limit_ending: {
    status: 403,
    message: 'You cannot delete any more content until your active subscriptions have ended.',
  },

  // Payments
  bad_package: { status: 400, message: 'Choose one of the credit packages.' },
  card_declined: { status: 402, message: 'Your card was declined. Try another card.' },
  insufficient_funds: {
    status: 402,
    message: 'Your card has insufficient funds. Try another card or a smaller package.',
  },
  card_expired: { status: 402, message: 'Credit / debit card expired' },
  card_invalid: { status: 400, message: 'This card number is not valid.' },
  card_token_used: {
    status: 402,
    message: 'This card was already used for a payment. Please enter your card details again.',
  },
  payment_failed: { status: 402, message: 'The payment did not go through. Please try again.' },
  three_ds_failed: {
    status: 402,
    message: "Your bank's security check (3-D Secure) was not completed, so nothing was charged. Try again.",
  },
  price_changed: {
    status: 409,
    message: (was: string, now: string) =>
      `The price changed from ${was} to ${now} before the payment landed, so nothing was bought.`,
  },
  payments_limited: {
    status: 429,
    message: (wait: string) => `Too many declined payments. Try again in ${wait}, or use another card.`,
  },
  crypto_not_allowed: { status: 403, message: 'Crypto top-up is not available for your account.' },
  idempotency_reused: {
    status: 409,
    message: 'This idempotency_key was already used for a different payment. Use a new key.',
  },
  webhook_signature: { status: 400, message: 'The webhook signature is missing or wrong.' },

  // Subscriptions
  own_subscription: { status: 400, message: 'You can not subscribe to yourself.' },
  subscribe_not_allowed: { status: 400, message: 'Only fans can subscribe to creators.' },
  no_subscriptions: { status: 400, message: 'This creator does not offer subscriptions.' },
  already_subscribed: { status: 409, message: 'You are already subscribed.' },
  bundle_not_offered: { status: 400, message: 'This creator does not offer that many months at once.' },
  total_changed: {
    status: 409,
    message: (was: string, now: string) => `The price changed from ${was} to ${now}. Nothing was charged.`,
  },
  trial_link_not_found: { status: 404, message: 'This free-trial link does not exist.' },
  trial_link_expired: { status: 410, message: 'This free-trial link has expired.' },
  trial_link_revoked: { status: 410, message: 'This free-trial link was turned off by the creator.' },
  trial_link_used_up: { status: 409, message: 'This free-trial link has been used up.' },
  trial_not_eligible: {
    status: 409,
    message: 'Free trials are for fans who have never subscribed to this creator.',
  },
  promotion_overlap: {
    status: 409,
    message: 'A promotion for these subscribers already runs at that time. End it first.',
  },
  promotion_not_found: { status: 404, message: 'Promotion not found.' },
  offers_need_price: { status: 400, message: 'Set a monthly subscription price first.' },
  subscription_not_found: { status: 404, message: 'Subscription not found.' },
  subscription_ended: { status: 409, message: 'This subscription has ended. Subscribe again instead.' },

  // Broadcasts
  broadcast_started: { status: 409, message: 'This broadcast has already started.' },

  // Earnings and payouts
  creators_only: { status: 403, message: 'Earnings and payouts are for creators.' },
  verification_required: {
    status: 403,
    message: 'Enter the code we sent to your email to change your payout method.',
  },
  payout_method_not_allowed: {
    status: 403,
    message: 'This payout method is not available for your account.',
  },
  bad_iban: { status: 400, message: 'This IBAN is not valid. Check it and try again.' },
  bad_bic: { status: 400, message: 'This BIC / SWIFT code is not valid.' },
  bad_wallet: { status: 400, message: (currency: string) => `This is not a valid ${currency} address.` },
  no_payout_method: { status: 400, message: 'Add a payout method first.' },
  payout_too_small: {
    status: 400,
    message: (minimum: string) => `The minimum payout is ${minimum}.`,
  },
  payout_too_large: {
    status: 400,
    message: (available: string) => `You can request at most ${available}, your available earnings.`,
  },
  payout_key_reused: {
    status: 409,
    message: 'This idempotency_key was already used for a different payout. Use a new key.',
  },
  aml_already_submitted: { status: 409, message: 'You have already sent these details.' },
  bad_date_of_birth: { status: 400, message: 'Enter a real date of birth; you must be 18 or older.' },

  // Becoming a creator (docs/rules.md)
  application_rejected: {
    status: 409,
    message: "Sorry. Your application was rejected. You can't apply again",
  },
  application_pending: { status: 409, message: 'Your application is already in review.' },
  already_creator: { status: 409, message: 'You are already a creator.' },
  no_application: { status: 404, message: 'There is no application in review.' },
  identity_check_not_open: { status: 409, message: 'There is no identity check to take right now.' },
  identity_not_verified: { status: 409, message: 'The identity check has not passed yet.' },
  id_document_required: { status: 409, message: 'Upload a photo of your ID document first.' },
  id_document_not_found: { status: 404, message: 'No ID photo of this kind is kept for this application.' },
  creator_under_review: {
    status: 403,
    message: 'Your creator account is under review; you can do this once it is approved.',
  },
  creator_unavailable: { status: 403, message: 'This creator is not available right now.' },

  // Uploads
  paid_upload_not_allowed: { status: 403, message: 'Only creators can upload paid media.' },
  empty_file: { status: 400, message: mediaMessages.empty },
  file_too_large: {
    status: 413,
    message: (kind: MediaKind) =>
      kind === 'video' ? mediaMessages.videoTooLarge : mediaMessages.photoTooLarge,
  },
  unsupported_type: { status: 415, message: mediaMessages.unsupported },
  corrupt_file: {
    status: 422,
    message: (kind: MediaKind) => (kind === 'video' ? mediaMessages.videoFailed : mediaMessages.imageFailed),
  },
  checksum_mismatch: { status: 400, message: mediaMessages.uploadFailed },
  size_mismatch: { status: 400, message: mediaMessages.uploadFailed },
  upload_aborted: { status: 400, message: mediaMessages.uploadFailed },
  upload_too_slow: { status: 408, message: mediaMessages.uploadFailed },

  // Release health (docs/frontend-platform.md, Canary)
  health_token: {
    status: 400,
    message: 'This release health token is not valid or has expired. Ask for a new one.',
  },
  // The release page (docs/rules.md, Releases): a check or the registry refused the action, in its words.
  release_refused: { status: 409, message: (detail: string) => detail },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

/** What an entry's text needs: nothing for a fixed text, the text function's parameters otherwise. */
export type ErrorArgs<C extends ErrorCode> = (typeof errorCatalogue)[C]['message'] extends (
  ...args: infer A
) => string
  ? A
  : [];

/** The text of one catalogue error. */
export function errorText<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): string {
  const message: CatalogueEntry['message'] = errorCatalogue[code].message;
  return typeof message === 'string' ? message : (message as (...a: ErrorArgs<C>) => string)(...args);
}

/** Whether a failure carries `code`: clients tell errors apart this way, never by their text. */
export const hasCode = (failure: { code?: string }, code: ErrorCode): boolean => failure.code === code;
