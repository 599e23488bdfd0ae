import { mediaMessages, type Message, type SendMessageBody, type SentMessageType } from '@cove/contracts';
import {
  messageBody,
  sendMessage,
  uploadErrorMessage,
  uploadMedia,
  UploadRefused,
  type SendHost,
  type UploadProgress,
} from '@cove/runtime';
import { uploadSlots, type BundleProgress, type BundleSlot } from './bundle-slots';
import { mayWait, toWaiting } from './outbox';

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
  host: SendHost;
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

/**
 * Uploads the file (if any), then sends the message (`sendMessage`: the spec's retries and forced states).
 * 'waiting' when the server could not be reached and the message may wait for it (`mayWait`).
 */
export async function deliverMessage(item: Outgoing, deps: DeliveryDeps): Promise<'done' | 'waiting'> {
  const { api, popups } = deps.host;
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
  const sofar = (warned: boolean): Outgoing => ({
    ...item,
    media,
    bundle,
    warned,
    status: 'waiting',
    error: null,
  });
  const outcome = await sendMessage(deps.host, {
    body: messageBody(toWaiting(sofar(item.warned))),
    warned: item.warned,
    mayWait: mayWait(sofar(item.warned)),
    signal: deps.signal,
    wait: deps.wait,
    onWarned: () => deps.update({ warned: true }),
  });
  switch (outcome.kind) {
    case 'sent':
      deps.delivered(outcome.message);
      return 'done';
    case 'unreachable':
      deps.waiting(sofar(outcome.warned));
      return 'waiting';
    case 'refused':
      deps.update({ status: 'failed', error: outcome.error });
      return 'done';
    case 'aborted':
      return 'done';
  }
}

function dropped(deps: DeliveryDeps): 'done' {
  deps.dropped();
  return 'done';
}
