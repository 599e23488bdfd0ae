import { dollarsOf, messages, PAID_PRICE_MAX, type Chat, type Message } from '@cove/contracts';
import { Button } from '@cove/ui';
import { useId, useRef, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { PickMediaButton } from '../../../common/PickMediaButton';
import { priceHint } from '../../../common/price-hint';
import { kindOf, rateLine } from '../model/composer-lines';
import { GifPicker } from './GifPicker';
import type { SendQueue } from './SendQueues';
import { useMessageComposer, type MessageComposerState } from './use-message-composer';
import styles from './MessageComposer.module.css';

/** A frozen account cannot chat; the support chat is where it is sorted out (first in the list). */
function FrozenNotice() {
  return (
    <div className={styles.composer} role="status">
      <p className={styles.frozen}>{messages.frozen}</p>
      <Link to="/chats" className={styles.frozenLink}>
        Find your chat with support
      </Link>
    </div>
  );
}

function ReplyBar({ replyTo, onCancel }: { replyTo: Message; onCancel(): void }) {
  return (
    <div className={styles.replying}>
      <span>
        Replying to: <q>{replyTo.text || 'a message'}</q>
      </span>
      <Button variant="ghost" onClick={onCancel} aria-label="Cancel reply">
        ✕
      </Button>
    </div>
  );
}

/** The attached photo or video, with its price when the sender may sell it. */
function AttachmentBar({
  file,
  canPrice,
  state,
}: {
  file: File;
  canPrice: boolean;
  state: MessageComposerState;
}) {
  const hintId = useId();
  return (
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
            max={dollarsOf(PAID_PRICE_MAX)}
            step={0.1}
            inputMode="decimal"
            value={state.price}
            placeholder="Free"
            onChange={(e) => state.setPrice(e.target.value)}
            aria-invalid={!state.priceValid}
            aria-describedby={hintId}
          />
        </label>
      )}
      {canPrice && (
        <p id={hintId} className={styles.priceHint} aria-live="polite">
          {priceHint(state.credits)}
        </p>
      )}
      <Button variant="ghost" onClick={state.dropFile} aria-label={`Remove ${file.name}`}>
        ✕
      </Button>
    </div>
  );
}

/** The file picker, the GIF button, the box and Send. */
function WriteRow({
  state,
  box,
}: {
  state: MessageComposerState;
  box: RefObject<HTMLTextAreaElement | null>;
}) {
  return (
    <div className={styles.row}>
      <PickMediaButton
        variant="ghost"
        onPick={(file) => void state.pick(file)}
        aria-label="Add a photo or video"
      >
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
      </PickMediaButton>
      <Button variant="ghost" aria-expanded={state.gifs} onClick={state.toggleGifs}>
        GIF
      </Button>
      <textarea
        ref={box}
        className={styles.box}
        rows={1}
        aria-label="Message"
        placeholder="Message"
        value={state.text}
        maxLength={2000}
        onChange={(e) => state.changeText(e.target.value)}
        onKeyDown={state.onKeyDown}
        onBlur={state.stopTyping}
      />
      <Button type="submit" disabled={!state.canSend}>
        Send
      </Button>
    </div>
  );
}

interface MessageComposerProps {
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
}

/**
 * The message box of a conversation. A photo or video goes with the text; creators may price it
 * (pay-per-view); anything may self-destruct.
 */
export function MessageComposer({ frozen, ...props }: MessageComposerProps) {
  return frozen ? <FrozenNotice /> : <OpenComposer {...props} />;
}

function OpenComposer({
  chat,
  isFan,
  canPrice,
  queue,
  replyTo,
  onCancelReply,
  hasWritten,
}: Omit<MessageComposerProps, 'frozen'>) {
  const box = useRef<HTMLTextAreaElement>(null);
  const state = useMessageComposer({ chatId: chat.chat_id, canPrice, queue, replyTo, onCancelReply, box });
  const rate = rateLine(chat, isFan, hasWritten);
  return (
    <form className={styles.composer} onSubmit={state.submit} aria-label="Write a message">
      {rate && <p className={styles.rate}>{rate}</p>}
      {replyTo && <ReplyBar replyTo={replyTo} onCancel={onCancelReply} />}
      {state.file && <AttachmentBar file={state.file} canPrice={canPrice} state={state} />}
      {state.gifs && <GifPicker onPick={state.sendGif} onClose={state.closeGifs} />}
      <WriteRow state={state} box={box} />
      <label className={styles.inline}>
        <input
          type="checkbox"
          checked={state.selfDestruct}
          onChange={(e) => state.setSelfDestruct(e.target.checked)}
        />
        Self-destruct 24 hours after it is opened
      </label>
    </form>
  );
}
