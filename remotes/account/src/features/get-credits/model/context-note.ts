import type { PaymentContext } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';

/** What a payment will finish besides adding credits, said before paying. */
export function contextNote(context: PaymentContext | undefined): string | null {
  if (context?.message_id) return 'After paying, the message unlocks.';
  if (context?.feed_id) return 'After paying, the post unlocks.';
  if (context?.subscribe) return 'After paying, your subscription starts.';
  if (context?.tip) return `After paying, your tip of ${formatMoney(context.tip)} is sent.`;
  if (context?.tip_post)
    return `After paying, your tip of ${formatMoney(context.tip_post.amount)} on the post is sent.`;
  return null;
}
