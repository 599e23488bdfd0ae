import { messages, type Chat, type Message } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useVaultList } from '@cove/runtime/query';
import { Button, VaultPicker } from '@cove/ui';
import { useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from '@cove/router';
import { PickMediaButton } from '../../../common/PickMediaButton';
import { offlineLine, rateLine, sendCharges } from '../model/composer-lines';
import { Attachments } from './Attachments';
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

/** A composer tool's outline icon, 20 px, in the text colour; its button carries the name. */
function ToolIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

/** The creator's vault beside the upload button: each pick joins the message, a second pick takes it out. */
function ComposerVault({ state }: { state: MessageComposerState }) {
  const { api } = useHost();
  const list = useVaultList(api, ['chat-composer-vault'], state.vault);
  const picked = useMemo(
    () => new Set(state.attachments.flatMap((a) => (a.source === 'vault' ? [a.item.media_id] : []))),
    [state.attachments],
  );
  return (
    <div className={styles.vault}>
      <VaultPicker
        list={list}
        verb="Add"
        empty="Photos and videos you upload in your account’s vault show up here."
        picked={picked}
        onPick={(item) => state.pickVault(item)}
        onClose={state.closeVault}
      />
    </div>
  );
}

/** The file picker, the GIF button, the box and Send. */
function WriteRow({
  state,
  box,
  hasVault,
}: {
  state: MessageComposerState;
  box: RefObject<HTMLTextAreaElement | null>;
  hasVault: boolean;
}) {
  return (
    <div className={styles.row}>
      <PickMediaButton
        variant="ghost"
        disabled={state.full}
        onPick={(file) => void state.pick(file)}
        aria-label="Add a photo or video"
      >
        <ToolIcon>
          <path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l9-9a3.7 3.7 0 0 1 5.2 5.2l-9 9a1.8 1.8 0 0 1-2.6-2.6L15.5 6.6" />
        </ToolIcon>
      </PickMediaButton>
      {hasVault && (
        <Button
          variant="ghost"
          aria-label="Vault"
          title="Your vault"
          aria-expanded={state.vault}
          onClick={state.toggleVault}
        >
          <ToolIcon>
            <rect x="3" y="3" width="7" height="7" rx="1.5" />
            <rect x="14" y="3" width="7" height="7" rx="1.5" />
            <rect x="3" y="14" width="7" height="7" rx="1.5" />
            <rect x="14" y="14" width="7" height="7" rx="1.5" />
          </ToolIcon>
          <span className={styles.wideOnly}>Vault</span>
        </Button>
      )}
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
  /** A creator: the vault is offered beside a new upload. */
  hasVault: boolean;
  queue: SendQueue;
  replyTo: Message | null;
  onCancelReply(): void;
}

/**
 * The message box of a conversation. Photos and videos go with the text, new or (for creators) from
 * the vault; several make a bundle under one price; creators may price them (pay-per-view) and leave
 * one free as a preview; anything may self-destruct.
 */
export function MessageComposer({ frozen, ...props }: MessageComposerProps) {
  return frozen ? <FrozenNotice /> : <OpenComposer {...props} />;
}

function OpenComposer({
  chat,
  isFan,
  canPrice,
  hasVault,
  queue,
  replyTo,
  onCancelReply,
  hasWritten,
}: Omit<MessageComposerProps, 'frozen'>) {
  const box = useRef<HTMLTextAreaElement>(null);
  const charged = sendCharges(chat, isFan, hasWritten);
  const state = useMessageComposer({
    chatId: chat.chat_id,
    canPrice,
    queue,
    charged,
    replyTo,
    onCancelReply,
    box,
  });
  const rate = rateLine(chat, isFan, hasWritten);
  return (
    <form className={styles.composer} onSubmit={state.submit} aria-label="Write a message">
      {rate && <p className={styles.rate}>{rate}</p>}
      <p role="status" className={styles.offline}>
        {queue.offline ? offlineLine(state.paid) : ''}
      </p>
      {replyTo && <ReplyBar replyTo={replyTo} onCancel={onCancelReply} />}
      {state.attachments.length > 0 && <Attachments state={state} canPrice={canPrice} />}
      {hasVault && state.vault && <ComposerVault state={state} />}
      {state.gifs && <GifPicker onPick={state.sendGif} onClose={state.closeGifs} />}
      <WriteRow state={state} box={box} hasVault={hasVault} />
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
