import type { ChatAction, ChatTab } from '@cove/contracts';
import { Button } from '@cove/ui';
import { useBulkEdit } from './use-bulk-edit';
import { cleared, selectedCount, toggleAll, type Selection } from '../model/selection';
import styles from './ChatList.module.css';

const actions: { action: ChatAction; label: string }[] = [
  { action: 'read', label: 'Mark read' },
  { action: 'favorite', label: 'Favorite' },
  { action: 'remove_favorite', label: 'Remove favorite' },
  { action: 'hide', label: 'Hide' },
  { action: 'delete', label: 'Delete' },
];
const unhide = { action: 'unhide', label: 'Unhide' } as const;

/** Edit mode's toolbar: select all or none, and what to do with the selected chats. */
export function BulkBar({
  tab,
  selection,
  onSelection,
  total,
}: {
  tab: ChatTab;
  selection: Selection;
  onSelection(s: Selection): void;
  total: number;
}) {
  const count = selectedCount(selection, total);
  // On the Hidden tab, hiding is done: the chats there can be brought back instead.
  const shown = tab === 'hidden' ? actions.map((a) => (a.action === 'hide' ? unhide : a)) : actions;
  const bulk = useBulkEdit(tab, () => onSelection(cleared(selection)));
  return (
    <div className={styles.bulk} role="toolbar" aria-label="Selected chats">
      <Button variant="ghost" className={styles.bulkButton} onClick={() => onSelection(toggleAll(selection))}>
        {selection.all ? 'Select none' : 'Select all'}
      </Button>
      <span className={styles.count} aria-live="polite">
        {count} selected
      </span>
      {shown.map(({ action, label }) => (
        <Button
          key={action}
          variant={action === 'delete' ? 'danger' : 'secondary'}
          className={styles.bulkButton}
          disabled={count === 0 || bulk.pending}
          onClick={() => void bulk.run(action, selection, count)}
        >
          {label}
        </Button>
      ))}
      {bulk.error && (
        <p role="alert" className={styles.error}>
          {bulk.error}
        </p>
      )}
    </div>
  );
}
