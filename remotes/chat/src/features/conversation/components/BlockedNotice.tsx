import type { Chat } from '@cove/contracts';
import { Button } from '@cove/ui';
import type { ChatTools } from './use-chat-tools';
import styles from './MessageComposer.module.css';

/**
 * What stands where the composer would in a blocked chat: the person blocked says so plainly instead
 * of a composer whose sends would fail; the blocker can unblock from here.
 */
export function BlockedNotice({ chat, name, tools }: { chat: Chat; name: string; tools: ChatTools }) {
  if (chat.blocked_by_other)
    return (
      <div className={styles.composer} role="status">
        <p className={styles.frozen}>You can’t message {name}: they have blocked you.</p>
        <p className={styles.rate}>You can’t send messages, photos or tips in this chat.</p>
      </div>
    );
  return (
    <div className={styles.composer} role="status">
      <p className={styles.frozen}>You blocked {name}. Neither of you can send messages here.</p>
      <Button variant="secondary" disabled={tools.pending} onClick={() => void tools.block()}>
        Unblock {name}
      </Button>
    </div>
  );
}

/** Whether a chat is closed by a block, either way. */
export const isBlockedChat = (chat: Chat) => chat.blocked || chat.blocked_by_other;
