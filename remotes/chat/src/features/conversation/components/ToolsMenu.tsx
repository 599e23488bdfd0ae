import { MenuButton, type MenuItem } from '@cove/ui';
import type { ChatTools } from './use-chat-tools';
import styles from './Tools.module.css';

export type Panel = 'tip' | 'notes' | 'rate' | 'report';

/** The chat's options: a menu button; a choice closes it and focus goes back to Options. */
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
  const items: MenuItem[] = [
    { label: favorite ? 'Remove favorite' : 'Favorite', onSelect: tools.favorite },
    ...(isCreator
      ? [
          { label: 'Notes', onSelect: () => onPanel('notes') },
          { label: 'Change rate', onSelect: () => onPanel('rate') },
        ]
      : []),
    { label: tools.mediaBlocked ? 'Unblock media' : 'Block media', onSelect: tools.blockMedia },
    {
      label: tools.blocked ? 'Unblock' : 'Block',
      onSelect: () => void tools.block(),
      danger: !tools.blocked,
    },
    { label: 'Report', onSelect: () => onPanel('report'), danger: true },
    tools.hidden
      ? { label: 'Unhide chat', onSelect: tools.unhide }
      : { label: 'Hide chat', onSelect: tools.hide },
    { label: 'Delete chat', onSelect: tools.remove, danger: true },
  ];
  return (
    <MenuButton label="Chat options" items={items} className={styles.toolButton} disabled={tools.pending}>
      Options
    </MenuButton>
  );
}
