import type { Payment } from './payments';
import type { PaymentContext } from './popups';

/** Where a payment leads back to once it ends, and what the button says. */
export interface PaymentReturn {
  to: string;
  label: string;
}

const id = (value: string) => encodeURIComponent(value);

/**
 * How long a completed payment stays on screen before the fan is taken back to where they started,
 * after 3-D Secure (the shell's /3ds-callback) and after paying in place (Get credits) alike.
 */
export const PAYMENT_RETURN_AFTER_MS = 1500;

/**
 * Where the fan goes back to after paying for `context` (docs/rules.md, Where a payment returns): each
 * intent knows its own page. A post (its unlock or a tip on it) opens on its creator's profile
 * (`?post=`), a subscription returns to the profile, a chat's unlock, tip or top-up to the chat;
 * credits bought from nowhere, to credits.
 */
export function paymentReturn(context: PaymentContext | undefined): PaymentReturn {
  const model = context?.model_id;
  if (!model) return { to: '/account/get-credits', label: 'Back to credits' };
  const post = context.feed_id ?? context.tip_post?.feed_id;
  if (post) return { to: `/creators/${id(model)}?post=${id(post)}`, label: 'Back to the post' };
  if (context.chat_id) return { to: `/chats/${id(model)}`, label: 'Back to the chat' };
  return { to: `/creators/${id(model)}`, label: 'Back to the profile' };
}

/** What a payment was started for, as the page that started it carried it (`PaymentContext`). */
export function contextOfPayment(p: Payment): PaymentContext {
  const context: PaymentContext = {};
  if (p.model_id) context.model_id = p.model_id;
  if (p.payment_type === 'post_tip' && p.feed_id && p.tip) {
    context.tip_post = { feed_id: p.feed_id, amount: p.tip };
    if (p.tip_message) context.tip_post.message = p.tip_message;
    return context;
  }
  if (p.chat_id) context.chat_id = p.chat_id;
  if (p.message_id) context.message_id = p.message_id;
  if (p.feed_id) context.feed_id = p.feed_id;
  if (p.tip) context.tip = p.tip;
  if (p.subscribe) context.subscribe = true;
  return context;
}

/** What each intent is, in the words of what it finished or could not finish. */
const intentWords: Record<Exclude<Payment['payment_type'], 'credits'>, { done: string; failed: string }> = {
  message: { done: 'The message is unlocked.', failed: 'The message could not be unlocked' },
  post: { done: 'The post is unlocked.', failed: 'The post could not be unlocked' },
  subscription: { done: 'Your subscription is active.', failed: 'Your subscription could not be started' },
  tip: { done: 'Your tip was sent.', failed: 'Your tip could not be sent' },
  post_tip: { done: 'Your tip was sent.', failed: 'Your tip could not be sent' },
};

/**
 * What a succeeded payment finished, or why that failed (the credits stay in the balance): null for
 * credits alone or while it is still being done.
 */
export function paymentActionText(payment: Payment): { text: string; failed: boolean } | null {
  if (payment.payment_type === 'credits') return null;
  const words = intentWords[payment.payment_type];
  if (payment.action_status === 'done') return { text: words.done, failed: false };
  if (payment.action_status === 'failed') {
    const why = payment.action_error ? `: ${payment.action_error.replace(/\.$/, '')}` : '';
    return { text: `${words.failed}${why}. The credits are in your balance.`, failed: true };
  }
  return null;
}
