import type { VaultItem } from '@cove/contracts';
import { formatDuration, type RequestState } from '@cove/runtime';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import kit from './Kit.module.css';
import type { MorePages } from './LoadMore';
import { PagedView } from './PagedView';
import styles from './VaultPicker.module.css';

/** The vault as a paged list (a `PagedList<VaultItem>` from `@cove/runtime/query` fits). */
interface VaultList extends MorePages {
  state: RequestState<VaultItem[]>;
}

/**
 * The creator's vault as a grid of buttons: a ready photo or video is picked as it is, nothing uploaded;
 * one still processing or failed is shown but cannot be picked.
 */
export function VaultPicker({
  list,
  verb,
  empty,
  onPick,
  onClose,
  picked,
}: {
  list: VaultList;
  /** What picking does, first word of each button's name: "Add photo 1", "Use video 2". */
  verb: string;
  /** What the empty vault says under its title. */
  empty: ReactNode;
  /** The picked item and its place in the grid, counted from 1. */
  onPick(item: VaultItem, position: number): void;
  onClose(): void;
  /**
   * Media ids already picked, where several may be (a bundle): each shows as pressed, and picking it
   * again is the caller's to undo. Without it each pick is a single choice.
   */
  picked?: ReadonlySet<string>;
}) {
  return (
    <div className={styles.vault}>
      <div className={styles.head}>
        <h3 className={styles.title}>Your vault</h3>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <PagedView
        list={list}
        empty={
          <EmptyState icon="🗄️" title="Your vault is empty">
            {empty}
          </EmptyState>
        }
      >
        {(items) => (
          <ul className={`${kit.tiles} ${styles.grid}`} aria-label="Vault media">
            {items.map((item, i) => {
              const kind = item.type === 'video' ? 'video' : 'photo';
              const ready = item.status === 'ready';
              const chosen = picked?.has(item.media_id);
              return (
                <li key={item._id}>
                  <button
                    type="button"
                    className={styles.item}
                    disabled={!ready}
                    aria-pressed={picked ? chosen : undefined}
                    onClick={() => onPick(item, i + 1)}
                    aria-label={`${verb} ${kind} ${i + 1}${ready ? '' : ` (${item.status})`}`}
                  >
                    {item.th ? (
                      <img src={item.th} alt="" loading="lazy" />
                    ) : (
                      <span aria-hidden="true">🖼️</span>
                    )}
                    {chosen && (
                      <span className={styles.check} aria-hidden="true">
                        ✓
                      </span>
                    )}
                    {item.type === 'video' && item.video_length != null && (
                      <span className={kit.tileBadge}>{formatDuration(item.video_length)}</span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </PagedView>
    </div>
  );
}
