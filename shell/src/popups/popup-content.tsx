import {
  errorText,
  formatCredits,
  formatMoney,
  formatPayment,
  type PaymentContext,
  type PopupSpec,
} from '@cove/contracts';
import type { ReactNode } from 'react';

export interface PopupAction {
  label: string;
  /** Where the button leads, if it navigates. */
  to?: string;
  /** Where the page it leads to offers to return (its back-target). */
  backTo?: string | undefined;
  /** What the fan was buying, carried with the back-target so the payment can finish it. */
  purchase?: PaymentContext | undefined;
  tone?: 'primary' | 'danger' | 'secondary';
}

export interface PopupContent {
  icon: string;
  title: string;
  body?: ReactNode;
  primary?: PopupAction;
  secondary?: PopupAction;
  /** A popup with a form renders it here and confirms through it. */
  form?: 'gender' | 'invite-code' | 'username' | 'email-code';
}

const frozenText = 'Your account has been temporarily frozen. Please respond to your chat with support.';
const ok: PopupAction = { label: 'OK' };

/** Popups that show the server's message, or the spec's text when it sends none. */
const notices = {
  'account-termination': {
    icon: '⚠️',
    title: 'Your account has been reported',
    fallback: 'Your account is under review for violating the rules and may be terminated.',
  },
  'account-terminated': {
    icon: '⛔',
    title: 'Your account has been terminated',
    fallback: 'Your account has been temporarily suspended for violating the rules.',
  },
  'messaging-disabled': {
    icon: '🔕',
    title: 'Messaging is disabled',
    fallback: 'You cannot send messages right now.',
  },
  'payment-user-warning': {
    icon: '⚠️',
    title: 'About payments',
    fallback: 'Never pay anyone outside Cove. Payments made elsewhere are not protected.',
    primary: { label: 'I understand' },
  },
} satisfies Record<string, Omit<PopupContent, 'body'> & { fallback: string }>;

/** What each popup kind but the confirm sheet (ChargeSheet) says and offers; the texts are the spec's where it gives them. */
export function popupContent(spec: Exclude<PopupSpec, { kind: 'confirm-charge' }>): PopupContent {
  switch (spec.kind) {
    case 'email-verification':
      // The popup renders its own title and text, which change with its stage.
      return { icon: '✉️', title: 'Verify your email', form: 'email-code' };
    case 'account-verified':
      return {
        icon: '🎉',
        title: 'Your account is verified',
        body: 'You now have full access to Cove.',
        primary: ok,
      };
    case 'application-rejected':
      return {
        icon: '🚫',
        title: 'Application rejected',
        body: errorText('application_rejected'),
        primary: ok,
      };
    case 'crypto-top-up':
      return {
        icon: '💰',
        title: 'Top-up received',
        body: (
          <>
            You paid {formatPayment(spec.amount, spec.currency)} and received {formatCredits(spec.credits)}
            {spec.fee !== undefined ? `, with a fee of ${formatPayment(spec.fee, spec.currency)}` : ''}.
          </>
        ),
        primary: ok,
      };
    case 'payout-completed':
      return {
        icon: '🏦',
        title: 'Payout completed',
        body:
          spec.amount !== undefined
            ? `${formatMoney(spec.amount)} is on its way to you.`
            : 'Your payout is on its way.',
        primary: { label: 'See payouts', to: '/account/earnings/payouts' },
        secondary: { label: 'Close', tone: 'secondary' },
      };
    case 'account-termination':
    case 'account-terminated':
    case 'messaging-disabled':
    case 'payment-user-warning': {
      const { fallback, ...notice } = notices[spec.kind];
      return { primary: ok, ...notice, body: spec.message ?? fallback };
    }
    case 'global-warning':
      return { icon: '📣', title: spec.title ?? 'Please note', body: spec.message, primary: ok };
    case 'onboarding-greeting':
      return {
        icon: '👋',
        title: spec.username ? `Welcome to Cove, ${spec.username}` : 'Welcome to Cove',
        body: 'Discover creators, follow the ones you like and start a chat whenever you want.',
        primary: { label: 'Start exploring', to: '/discover' },
      };
    case 'essential-info':
      return {
        icon: '🪪',
        title: 'Choose your username',
        body: 'This is how creators will see you in their chats.',
        form: 'username',
      };
    case 'select-gender':
      return {
        icon: '🙂',
        title: 'How do you identify?',
        body: 'This helps us show you the right creators.',
        form: 'gender',
      };
    case 'add-invite-code':
      return {
        icon: '🎟️',
        title: 'Add an invite code',
        body: 'Got a code from a friend or a creator?',
        form: 'invite-code',
      };
    case 'account-frozen':
      return {
        icon: '🧊',
        title: 'Your account is frozen',
        body: spec.message ?? frozenText,
        primary: { label: 'Open chats', to: '/chats' },
        secondary: { label: 'Close', tone: 'secondary' },
      };
    case 'not-enough-credits':
      return {
        icon: '🪙',
        title: 'Not enough credits',
        body: spec.message ?? 'You have no credits. Buy a credit package to keep chatting.',
        primary: {
          label: 'Buy Credits',
          to: '/account/get-credits',
          backTo: spec.backTo,
          purchase: spec.purchase,
        },
        secondary: { label: 'Not now', tone: 'secondary' },
      };
    case 'unlock-free-chat':
      return {
        icon: '🔓',
        title: spec.title ?? 'Unlock Free Chat',
        body: spec.message ?? 'You must make at least one purchase before you can start a free chat.',
        primary: {
          label: 'Buy Credits',
          to: '/account/get-credits',
          backTo: spec.backTo,
          purchase: spec.purchase,
        },
      };
    case 'confirm-delete-media':
      return {
        icon: '🗑️',
        title: spec.target === 'card' ? 'Delete this card?' : 'Delete this image?',
        body: 'This cannot be undone.',
        primary: { label: 'Delete', tone: 'danger' },
        secondary: { label: 'Cancel', tone: 'secondary' },
      };
    case 'confirm-delete-chats':
      return {
        icon: '🗑️',
        title: spec.count === 1 ? 'Delete this chat?' : `Delete ${spec.count} chats?`,
        body: 'The conversation and its messages will be removed from your list.',
        primary: { label: 'Delete', tone: 'danger' },
        secondary: { label: 'Cancel', tone: 'secondary' },
      };
    case 'confirm-hide-chats':
      return {
        icon: '🙈',
        title: spec.count === 1 ? 'Hide this chat?' : `Hide ${spec.count} chats?`,
        body: 'Hidden chats come back when a new message arrives.',
        primary: { label: 'Hide' },
        secondary: { label: 'Cancel', tone: 'secondary' },
      };
    case 'confirm-block':
      return {
        icon: '⛔',
        title: `Block ${spec.name}?`,
        body:
          spec.as === 'creator'
            ? `${spec.name} will no longer be able to message you, tip you or buy from you. If they subscribe to you, their subscription ends now and they get back the days left. You can unblock them later.`
            : `You and ${spec.name} will no longer be able to message each other. If you subscribe, your subscription stops renewing; you keep what you paid for. You can unblock them later.`,
        primary: { label: 'Block', tone: 'danger' },
        secondary: { label: 'Cancel', tone: 'secondary' },
      };
    case 'confirm-delete-message':
      return {
        icon: '🗑️',
        title: 'Delete this message?',
        body: spec.paid
          ? 'It disappears for both of you, and nobody can buy it any more. This cannot be undone.'
          : 'It disappears for both of you. This cannot be undone.',
        primary: { label: 'Delete', tone: 'danger' },
        secondary: { label: 'Cancel', tone: 'secondary' },
      };
    case 'confirm-hide-message':
      return {
        icon: '🙈',
        title: 'Hide this message?',
        body: 'It disappears from your view of the chat only; the other person still sees it. You cannot bring it back.',
        primary: { label: 'Hide' },
        secondary: { label: 'Cancel', tone: 'secondary' },
      };
    case 'boost-referral':
      return {
        icon: '🚀',
        title: 'Boost your profile',
        // The referral rule (docs/rules.md, Referrals and `code_used`): fans who join with the link see
        // the creator first in Discover; creators who join with it earn the referrer 5% for 12 months.
        body: `${spec.referralLink ? `Share your link: ${spec.referralLink}. ` : 'Share your referral link. '}People who join with it see you first in Discover, and when a creator joins with it you earn 5% of their earnings for their first 12 months, paid by Cove.`,
        primary: { label: 'See referrals', to: '/account/earnings/referrals' },
        secondary: { label: 'Close', tone: 'secondary' },
      };
    case 'error':
      return { icon: '⚠️', title: spec.title ?? 'Something went wrong', body: spec.message, primary: ok };
    case 'upload-in-progress':
      return {
        icon: '⏳',
        title: 'Upload in progress',
        body: 'Please wait until your upload finishes before sending another file.',
        primary: ok,
      };
    case 'sending-media-blocked':
      return {
        icon: '🚫',
        title: 'Sending media blocked.',
        body: spec.message ?? "We are sorry. This member's privacy settings prevent media from being sent.",
        primary: ok,
      };
    case 'upload-error':
      return {
        icon: '📎',
        title: 'Upload error',
        body:
          spec.message ?? 'This file failed to upload. Please check your network connection and try again.',
        primary: ok,
      };
    case 'generic':
      return {
        icon: spec.emoji ?? '',
        title: spec.sentence,
        body: spec.children,
        primary: { label: spec.confirmLabel ?? 'OK' },
      };
  }
}
