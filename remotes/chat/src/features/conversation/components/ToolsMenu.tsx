import { useEffect, useRef, useState } from 'react';
import type { ChatTools } from './use-chat-tools';
import styles from './Tools.module.css';

export type Panel = 'tip' | 'notes' | 'rate' | 'report';

/** The chat's options: a button that opens a list of actions; Escape or a choice closes it. */
export function ToolsMenu({
  tools,
  favorite,
  isCreator,
  onPanel,
}: {
  tools: ChatTools;
  favorite: boolean;
  isCreator: boolean;
  onPanel(panel: Panel): void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    menu.current?.querySelector('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const item = (label: string, action: () => void, danger = false) => (
    <li>
      <button
        type="button"
        className={`${styles.menuItem} ${danger ? styles.danger : ''}`}
        onClick={() => {
          setOpen(false);
          // The item goes with the menu: a dialog the action opens gives focus back to Options.
          button.current?.focus();
          action();
        }}
      >
        {label}
      </button>
    </li>
  );
  return (
    <div className={styles.menuWrap}>
      <button
        ref={button}
        type="button"
        className={styles.toolButton}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        disabled={tools.pending}
      >
        Options
      </button>
      {open && (
        <ul ref={menu} className={styles.menu} aria-label="Chat options">
          {item(favorite ? 'Remove favorite' : 'Favorite', tools.favorite)}
          {isCreator && item('Notes', () => onPanel('notes'))}
          {isCreator && item('Change rate', () => onPanel('rate'))}
          {item(tools.mediaBlocked ? 'Unblock media' : 'Block media', tools.blockMedia)}
          {item(tools.blocked ? 'Unblock' : 'Block', () => void tools.block(), !tools.blocked)}
          {item('Report', () => onPanel('report'), true)}
          {tools.hidden ? item('Unhide chat', tools.unhide) : item('Hide chat', tools.hide)}
          {item('Delete chat', tools.remove, true)}
        </ul>
      )}
    </div>
  );
}
