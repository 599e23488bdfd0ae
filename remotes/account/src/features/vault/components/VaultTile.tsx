import type { VaultItem } from '@cove/contracts';
import { formatDuration, formatMoney } from '@cove/runtime';
import styles from '../Vault.module.css';

/**
 * One photo or video of the vault: its thumbnail (or processing state) that opens it large, length, what it earned across
 * the sales that opened it (alone or in bundles), and a select box.
 */
export function VaultTile({
  item,
  index,
  selected,
  onToggle,
  onOpen,
}: {
  item: VaultItem;
  index: number;
  selected: boolean;
  onToggle(): void;
  /** Opens the item full screen; absent while it cannot be shown (processing, failed). */
  onOpen: (() => void) | null;
}) {
  const kind = item.type === 'video' ? 'Video' : 'Photo';
  const label = `${kind} ${index}`;
  return (
    <li className={styles.tile} aria-label={label}>
      {item.status === 'processing' || !item.th ? (
        <div className={styles.placeholder} role="status">
          {item.status === 'processing' ? 'Processing…' : 'No preview'}
        </div>
      ) : onOpen ? (
        <button
          type="button"
          className={styles.open}
          aria-label={`Open ${label} full screen`}
          onClick={onOpen}
        >
          <img className={styles.thumb} src={item.th} alt={label} loading="lazy" />
        </button>
      ) : (
        <img className={styles.thumb} src={item.th} alt={label} loading="lazy" />
      )}
      {item.type === 'video' && (
        <span className={styles.badge}>
          <span aria-hidden="true">▶</span>
          {item.video_length != null && <span> {formatDuration(item.video_length)}</span>}
          <span className={styles.hidden}> video</span>
        </span>
      )}
      {item.sales > 0 && (
        <span className={styles.earned}>
          {formatMoney(item.earned)}
          <span className={styles.hidden}> earned</span> ·{' '}
          {item.sales === 1 ? '1 sale' : `${item.sales} sales`}
        </span>
      )}
      <label className={styles.select}>
        <input type="checkbox" checked={selected} onChange={onToggle} />
        <span className={styles.hidden}>Select {label}</span>
      </label>
    </li>
  );
}
