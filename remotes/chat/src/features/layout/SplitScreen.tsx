import type { ReactNode } from 'react';
import styles from './SplitScreen.module.css';

/**
 * The chats screen's frame: the list and the open conversation side by side above 640 px, one at a
 * time below (the conversation, when one is open). Both stay mounted, so the list keeps its scroll
 * and selection while conversations change.
 */
export function SplitScreen({
  open,
  list,
  conversation,
}: {
  open: boolean;
  list: ReactNode;
  conversation: ReactNode;
}) {
  return (
    <div className={styles.layout} data-open={open}>
      <section className={styles.list} aria-label="Chat list">
        {list}
      </section>
      <section className={styles.conversation} aria-label="Conversation">
        {open ? (
          conversation
        ) : (
          <div className={styles.pick}>
            <span aria-hidden="true">💬</span>
            <p>Pick a chat to read and reply.</p>
          </div>
        )}
      </section>
    </div>
  );
}
