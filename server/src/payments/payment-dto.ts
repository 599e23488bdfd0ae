import { errorText, type Payment } from '@cove/contracts';
import type { PaymentRow } from '../db/schema';
import { DECLINE_REASONS, type DeclineReason } from './provider';

const isDeclineReason = (code: string): code is DeclineReason =>
  (DECLINE_REASONS as readonly string[]).includes(code);

/** The catalogue error a failed payment answers with. */
export const failureCodeOf = (code: string | null) =>
  code !== null && isDeclineReason(code) ? code : 'payment_failed';

/** Why a payment failed, in the words its payer is shown. */
export const failureText = (code: string | null) => (code === null ? null : errorText(failureCodeOf(code)));

export function toPaymentDto(p: PaymentRow): Payment {
  return {
    _id: p.id,
    method: p.method,
    status: p.status,
    payment_type: p.paymentType,
    amount: p.amount,
    credits: p.credits,
    bonus: p.bonus,
    model_id: p.modelId,
    chat_id: p.chatId,
    message_id: p.messageId === null ? null : String(p.messageId),
    feed_id: p.feedId,
    tip: p.tip,
    tip_message: p.tipNote,
    subscribe: p.paymentType === 'subscription',
    card_id: p.cardId,
    failure: failureText(p.failureCode),
    action_status: p.actionStatus,
    action_error: p.actionError,
    created_at: p.createdAt.toISOString(),
  };
}
