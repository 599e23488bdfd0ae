import type { Chat, Message } from '@cove/contracts';
import { mediaConfig, messages, typedPriceCredits } from '@cove/contracts';
import { checkFile, formatMoney, useHost } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@cove/ui';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { GifPicker } from './GifPicker';
import { trimMessage } from './sanitise';
import type { SendQueue } from './SendQueues';
import { useTypingSignal } from './use-typing-signal';
import styles from './Composer.module.css';

const kindOf = (file: File): 'image' | 'video' => (file.type.startsWith('video/') ? 'video' : 'image');

/** What sending costs a fan here, in a line above the box (an intro's first message is free). */
function rateLine(chat: Chat, isFan: boolean, hasWritten: boolean): string | null {
  if (!isFan) return null;
  if (chat.is_intro && !chat.intro_ended && !hasWritten) return 'Your first message is free.';
  return chat.credit_rate > 0
    ? `Each message costs ${formatMoney(chat.credit_rate)}.`
    : 'Messages in this chat are free.';
}

/**
 * The message box: Enter sends, Shift+Enter starts a line, Escape drops the reply or the attachment.
 * A photo or video goes with the text; creators may price it (pay-per-view); anything may self-destruct.
 */
export function Composer({
  chat,
  isFan,
  canPrice,
  queue,
  replyTo,
  onCancelReply,
  hasWritten,
  frozen,
}: {
  chat: Chat;
  /** The account is frozen: nothing can be sent. */
  frozen: boolean;
  isFan: boolean;
  /** This person has a message in the thread already. */
  hasWritten: boolean;
  /** A creator who may sell: attached media can carry a price (not while awaiting approval). */
  canPrice: boolean;
  queue: SendQueue;
  replyTo: Message | null;
  onCancelReply(): void;
}) {
  const { api, popups } = useHost();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [price, setPrice] = useState('');
  const [selfDestruct, setSelfDestruct] = useState(false);
  const [gifs, setGifs] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const typing = useTypingSignal(chat.chat_id);
  // On a wide screen an opened chat is ready to type in; on a phone the keyboard would cover it.
  useEffect(() => {
    const wide = typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 641px)').matches;
    if (wide) box.current?.focus();
  }, []);
  const credits = typedPriceCredits(price);
  const priceValid = credits !== null;
  const body = trimMessage(text);
  const canSend = (body.length > 0 || file !== null) && priceValid;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    typing.stop();
    queue.send(
      {
        type: file ? kindOf(file) : 'text',
        text: body,
        price: file && canPrice && credits !== null ? credits : 0,
        self_destruct: selfDestruct,
        ...(replyTo ? { parent_message_id: replyTo._id } : {}),
      },
      file,
    );
    setText('');
    setFile(null);
    setPrice('');
    setSelfDestruct(false);
    onCancelReply();
    box.current?.focus();
  };

  const sendGif = (url: string) => {
    setGifs(false);
    queue.send({
      type: 'gif',
      text: '',
      gif_url: url,
      price: 0,
      self_destruct: selfDestruct,
      ...(replyTo ? { parent_message_id: replyTo._id } : {}),
    });
    onCancelReply();
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      if (replyTo) onCancelReply();
      else if (file) setFile(null);
    }
  };

  /** A file that cannot go is refused as it is picked, against the server's limits (read once). */
  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    const config = await client
      .fetchQuery({
        queryKey: ['media-config'],
        queryFn: ({ signal }) => api.get('/v1/media/config', { schema: mediaConfig, signal }),
        staleTime: Infinity,
      })
      .catch(() => null);
    // Without the limits the upload pipeline checks the file again before sending anything.
    const refusal = config ? checkFile(chosen, 'both', config) : null;
    if (refusal) popups.open({ kind: 'upload-error', message: refusal });
    else if (queue.uploading) popups.open({ kind: 'upload-in-progress' });
    else setFile(chosen);
  };

  const rate = rateLine(chat, isFan, hasWritten);
  if (frozen) {
    // A frozen account cannot chat; the support chat is where it is sorted out (first in the list).
    return (
      <div className={styles.composer} role="status">
        <p className={styles.frozen}>{messages.frozen}</p>
        <Link to="/chats" className={styles.frozenLink}>
          Find your chat with support
        </Link>
      </div>
    );
  }
  return (
    <form className={styles.composer} onSubmit={submit} aria-label="Write a message">
      {rate && <p className={styles.rate}>{rate}</p>}
      {replyTo && (
        <div className={styles.replying}>
          <span>
            Replying to: <q>{replyTo.text || 'a message'}</q>
          </span>
          <Button variant="ghost" onClick={onCancelReply} aria-label="Cancel reply">
            ✕
          </Button>
        </div>
      )}
      {file && (
        <div className={styles.attachment}>
          <span>
            {kindOf(file) === 'video' ? '🎬' : '🖼️'} {file.name}
          </span>
          {canPrice && (
            <label className={styles.inline}>
              Price ($)
              <input
                type="number"
                min={0}
                max={10000}
                step={0.1}
                inputMode="decimal"
                value={price}
                placeholder="Free"
                onChange={(e) => setPrice(e.target.value)}
                aria-invalid={!priceValid}
              />
            </label>
          )}
          <Button variant="ghost" onClick={() => setFile(null)} aria-label={`Remove ${file.name}`}>
            ✕
          </Button>
        </div>
      )}
      {gifs && (
        <GifPicker
          onPick={sendGif}
          onClose={() => {
            setGifs(false);
            box.current?.focus();
          }}
        />
      )}
      <div className={styles.row}>
        <input
          ref={picker}
          type="file"
          accept="image/*,video/*"
          className={styles.fileInput}
          aria-label="Photo or video file"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="ghost" onClick={() => picker.current?.click()} aria-label="Add a photo or video">
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l9-9a3.7 3.7 0 0 1 5.2 5.2l-9 9a1.8 1.8 0 0 1-2.6-2.6L15.5 6.6" />
          </svg>
        </Button>
        <Button variant="ghost" aria-expanded={gifs} onClick={() => setGifs(!gifs)}>
          GIF
        </Button>
        <textarea
          ref={box}
          className={styles.box}
          rows={1}
          aria-label="Message"
          placeholder="Message"
          value={text}
          maxLength={2000}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value) typing.typed();
            else typing.stop();
          }}
          onKeyDown={onKeyDown}
          onBlur={typing.stop}
        />
        <Button type="submit" disabled={!canSend}>
          Send
        </Button>
      </div>
      <label className={styles.inline}>
        <input type="checkbox" checked={selfDestruct} onChange={(e) => setSelfDestruct(e.target.checked)} />
        Self-destruct 24 hours after it is opened
      </label>
    </form>
  );
}
