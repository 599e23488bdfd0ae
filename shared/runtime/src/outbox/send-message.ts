import {
  sendMessageResponse,
  type HostContext,
  type Message,
  type SendMessageBody,
  type WaitingMessage,
} from '@cove/contracts';
import { errorMessage, isApiError } from '../api';
import { chatPath } from '../host/chat-path';
import { sanitise } from './sanitise';

/** What sending a message needs of the host. */
export type SendHost = Pick<HostContext, 'api' | 'popups' | 'account' | 'session'>;

export interface SendRequest {
  body: SendMessageBody & { chat_id: string };
  /** The sender already confirmed a warned text: it goes to /v1/messages/warned. */
  warned: boolean;
  /** It may wait in the outbox: the first send that gets no answer at all ends with 'unreachable'. */
  mayWait: boolean;
  signal?: AbortSignal;
  wait(ms: number): Promise<void>;
  /** The sender just confirmed the warned text. */
  onWarned?(): void;
}

export type SendOutcome =
  | { kind: 'sent'; message: Message }
  /** No answer at all, for a message that may wait; `warned` as far as it got. */
  | { kind: 'unreachable'; warned: boolean }
  /** Refused, or still failing after the spec's retries: the error the sender is shown. */
  | { kind: 'refused'; error: string }
  | { kind: 'aborted' };

/**
 * What the server is sent for a message: its draft, its media or bundle (its items in order; the first
 * one's kind is the message's type), and where it goes.
 */
export const messageBody = (m: WaitingMessage): SendRequest['body'] => ({
  ...m.draft,
  ...m.media,
  ...(m.bundle
    ? {
        type: m.bundle[0]?.kind ?? 'image',
        media_items: m.bundle.map((slot) => ({ media_id: slot.media_id, preview: slot.preview })),
      }
    : {}),
  chat_id: m.chat_id,
  recipient_id: m.recipient_id,
  send_id: m.send_id,
});

/** The spec's retries: 4 attempts for unknown failures, 2 for a blocked text (sanitised first). */
const maxAttempts = 4;
const maxBlockedAttempts = 2;

/** No answer, or the server's own trouble: another attempt may get through. */
const retryable = (err: unknown) =>
  isApiError(err) && !err.aborted && (err.status === 0 || err.status === 429 || err.status >= 500);

/**
 * Posts a message with the spec's retries and forced states: a warned text is confirmed first, a
 * blocked one is sent once more with the global keywords masked, and a refusal that changes what the
 * chat may do opens its popup. The one way a message is sent, whether just written or from the outbox.
 */
export async function sendMessage(host: SendHost, request: SendRequest): Promise<SendOutcome> {
  const { api, popups, account, session } = host;
  let { text } = request.body;
  let { warned } = request;
  let blocked = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await api.post(
        warned ? '/v1/messages/warned' : '/v1/messages',
        { ...request.body, text },
        { schema: sendMessageResponse, signal: request.signal },
      );
      if (answer.credits !== session.credits) void account.reload();
      return { kind: 'sent', message: answer.data };
    } catch (err) {
      if (!isApiError(err) || err.aborted) return { kind: 'aborted' };
      if (err.status === 0 && request.mayWait) return { kind: 'unreachable', warned };
      if (err.code === 'text_warned' && !warned) {
        const { action } = await popups.open({
          kind: 'generic',
          emoji: '⚠️',
          sentence: err.message,
          confirmLabel: 'Send anyway',
        }).outcome;
        if (action === 'confirm') {
          warned = true;
          request.onWarned?.();
          attempt = 0;
          continue;
        }
      } else if (err.code === 'text_blocked' && ++blocked < maxBlockedAttempts) {
        const clean = sanitise(text, session.config?.global_keywords ?? '');
        if (clean !== text) {
          text = clean;
          await request.wait(1000 * attempt);
          continue;
        }
      } else if (retryable(err) && attempt < maxAttempts) {
        await request.wait(1000 * attempt);
        continue;
      }
      showForcedState(err.code, err.message, host, request.body);
      return { kind: 'refused', error: errorMessage(err) };
    }
  }
}

/** Failures that change what the chat may do get their popup (the shell handles a frozen account). */
function showForcedState(
  code: string | undefined,
  message: string,
  host: SendHost,
  body: SendRequest['body'],
): void {
  // The way back to the chat, and what the fan was doing there for the payment to carry.
  const backTo = chatPath(body.recipient_id);
  switch (code) {
    case 'not_enough_credits':
      void host.account.reload();
      host.popups.open({
        kind: 'not-enough-credits',
        message,
        backTo,
        purchase: { model_id: body.recipient_id, chat_id: body.chat_id },
      });
      return;
    case 'free_chat_limit':
      host.popups.open({
        kind: 'unlock-free-chat',
        message,
        backTo,
        purchase: { model_id: body.recipient_id },
      });
      return;
    case 'media_blocked':
      host.popups.open({ kind: 'sending-media-blocked' });
      return;
    // Blocked by the other person, or the creator is closed to the fan's country: the server's words.
    case 'blocked':
    case 'region_blocked':
      host.popups.open({ kind: 'messaging-disabled', message });
      return;
    default:
      return;
  }
}
