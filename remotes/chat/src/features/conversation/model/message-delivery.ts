import {
  mediaMessages,
  type HostContext,
  type Message,
  type SendMessageBody,
  type SentMessageType,
} from '@cove/contracts';
import {
  errorMessage,
  isApiError,
  uploadErrorMessage,
  uploadMedia,
  UploadRefused,
  type UploadProgress,
} from '@cove/runtime';
import { sendMessage } from '../api/send-message';
import { bundleFields, uploadSlots, type BundleProgress, type BundleSlot } from './bundle-slots';
import { chatPath } from './chat-path';
import { mayWait } from './outbox';
import { sanitise } from './sanitise';

/** What a person sends, before the server has it. */
export interface MessageDraft {
  type: SentMessageType;
  text: string;
  price: number;
  self_destruct: boolean;
  gif_url?: string;
  parent_message_id?: string;
}

export type MediaFields = Pick<
  SendMessageBody,
  'media_id' | 'public_id' | 'width' | 'height' | 'video_length'
>;

/** A message on its way: shown at once, marked failed with its error if it does not get through. */
export interface Outgoing {
  send_id: string;
  chat_id: string;
  recipient_id: string;
  draft: MessageDraft;
  file: File | null;
  media: MediaFields | null;
  /** A bundle's items (then `file` and `media` are null); null for one media or none. */
  bundle: BundleSlot[] | null;
  /** Which of a bundle's uploads is running. */
  bundleProgress: BundleProgress | null;
  /** The sender confirmed a warned text: it goes to /v1/messages/warned. */
  warned: boolean;
  /** Sending it moves money: it carries a price, or the sender pays the chat's rate. */
  paid: boolean;
  /** 'waiting': in the outbox until the connection returns (not an error). */
  status: 'uploading' | 'sending' | 'waiting' | 'failed';
  progress: UploadProgress | null;
  error: string | null;
  created_at: string;
}

export interface DeliveryDeps {
  host: Pick<HostContext, 'api' | 'popups' | 'account' | 'session'>;
  update(change: Partial<Outgoing>): void;
  /** The server's copy arrived: it replaces the local one. */
  delivered(message: Message): void;
  /** An upload was cancelled: the local copy goes. */
  dropped(): void;
  /** The server could not be reached: the message, as far as it got, waits for the connection. */
  waiting(item: Outgoing): void;
  signal: AbortSignal;
  wait(ms: number): Promise<void>;
}

/** The spec's retries: 4 attempts for unknown failures, 2 for a blocked text (sanitised first). */
const maxAttempts = 4;
const maxBlockedAttempts = 2;

/** No answer at all: the connection, not the server, is what failed. */
const unreachable = (err: unknown) => isApiError(err) && !err.aborted && err.status === 0;

/** No answer, or the server's own trouble: another attempt may get through. */
const retryable = (err: unknown) =>
  isApiError(err) && !err.aborted && (err.status === 0 || err.status === 429 || err.status >= 500);

/**
 * Uploads the file (if any), then posts the message, with the spec's retries and forced states.
 * 'waiting' when the server could not be reached and the message may wait for it (`mayWait`).
 */
export async function deliverMessage(item: Outgoing, deps: DeliveryDeps): Promise<'done' | 'waiting'> {
  const { api, popups, account, session } = deps.host;
  let media = item.media;
  if (item.file && !media) {
    deps.update({ status: 'uploading', error: null });
    try {
      const { media: uploaded } = await uploadMedia(api, item.file, {
        type: item.draft.price > 0 ? 'paid_message' : 'message',
        signal: deps.signal,
        onProgress: (progress) => deps.update({ progress }),
      });
      if (uploaded.status === 'failed')
        throw new UploadRefused(uploaded.message ?? mediaMessages.uploadFailed);
      media = {
        media_id: uploaded.media_id,
        public_id: uploaded.public_id,
        width: uploaded.width ?? undefined,
        height: uploaded.height ?? undefined,
        video_length: uploaded.video_length ?? undefined,
      };
      deps.update({ media, progress: null });
    } catch (err) {
      const message = uploadErrorMessage(err);
      if (message === null) return dropped(deps);
      deps.update({ status: 'failed', error: message });
      popups.open({ kind: 'upload-error', message });
      return 'done';
    }
  }
  let bundle = item.bundle;
  if (bundle?.some((slot) => slot.media_id === null)) {
    deps.update({ status: 'uploading', error: null });
    try {
      bundle = await uploadSlots(api, bundle, {
        paid: item.draft.price > 0,
        signal: deps.signal,
        onProgress: (bundleProgress) => deps.update({ bundleProgress }),
        done: (slots) => deps.update({ bundle: slots }),
      });
      deps.update({ bundleProgress: null });
    } catch (err) {
      const message = uploadErrorMessage(err);
      if (message === null) return dropped(deps);
      deps.update({ status: 'failed', error: message, bundleProgress: null });
      popups.open({ kind: 'upload-error', message });
      return 'done';
    }
  }
  deps.update({ status: 'sending', error: null });
  let text = item.draft.text;
  let warned = item.warned;
  let blocked = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const body: SendMessageBody = {
        ...item.draft,
        ...media,
        ...(bundle ? bundleFields(bundle) : {}),
        text,
        chat_id: item.chat_id,
        recipient_id: item.recipient_id,
        send_id: item.send_id,
      };
      const answer = await sendMessage(api, body, warned, deps.signal);
      deps.delivered(answer.data);
      if (answer.credits !== session.credits) void account.reload();
      return 'done';
    } catch (err) {
      if (!isApiError(err) || err.aborted) return 'done';
      const sofar: Outgoing = { ...item, media, bundle, warned, status: 'waiting', error: null };
      if (unreachable(err) && mayWait(sofar)) {
        deps.waiting(sofar);
        return 'waiting';
      }
      if (err.code === 'text_warned' && !warned) {
        const { action } = await popups.open({
          kind: 'generic',
          emoji: '⚠️',
          sentence: err.message,
          confirmLabel: 'Send anyway',
        }).outcome;
        if (action === 'confirm') {
          warned = true;
          deps.update({ warned });
          attempt = 0;
          continue;
        }
      } else if (err.code === 'text_blocked' && ++blocked < maxBlockedAttempts) {
        const clean = sanitise(text, session.config?.global_keywords ?? '');
        if (clean !== text) {
          text = clean;
          await deps.wait(1000 * attempt);
          continue;
        }
      } else if (retryable(err) && attempt < maxAttempts) {
        await deps.wait(1000 * attempt);
        continue;
      }
      showForcedState(err.code, err.message, deps.host, item);
      deps.update({ status: 'failed', error: errorMessage(err) });
      return 'done';
    }
  }
}

function dropped(deps: DeliveryDeps): 'done' {
  deps.dropped();
  return 'done';
}

/** Failures that change what the chat may do get their popup (the shell handles a frozen account). */
function showForcedState(
  code: string | undefined,
  message: string,
  host: DeliveryDeps['host'],
  item: Pick<Outgoing, 'chat_id' | 'recipient_id'>,
): void {
  // The way back to the chat, and what the fan was doing there for the payment to carry.
  const backTo = chatPath(item.recipient_id);
  switch (code) {
    case 'not_enough_credits':
      void host.account.reload();
      host.popups.open({
        kind: 'not-enough-credits',
        message,
        backTo,
        purchase: { model_id: item.recipient_id, chat_id: item.chat_id },
      });
      return;
    case 'free_chat_limit':
      host.popups.open({
        kind: 'unlock-free-chat',
        message,
        backTo,
        purchase: { model_id: item.recipient_id },
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
