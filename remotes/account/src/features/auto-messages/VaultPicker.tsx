import { vaultPage, type VaultItem } from '@cove/contracts';
import { formatDuration, useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { Button, EmptyState, LoadMore, RequestView } from '@cove/ui';
import styles from './AutoMessages.module.css';

/** The creator's vault as buttons: a ready photo or video is added as it is, nothing uploaded. */
export function VaultPicker({ onPick, onClose }: { onPick(item: VaultItem): void; onClose(): void }) {
  const { api } = useHost();
  const list = usePagedList<VaultItem>({
    queryKey: ['vault'],
    fetchPage: (url, signal) =>
      api.get(url ?? '/v1/media', { query: url ? {} : { limit: 20 }, schema: vaultPage, signal }),
    itemKey: (item) => item._id,
  });
  return (
    <div className={styles.vault}>
      <div className={styles.cardHead}>
        <h3 className={styles.subtitle}>Your vault</h3>
        <span className={styles.grow} />
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <RequestView state={list.state} retry={list.retry}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon="🗄️" title="Your vault is empty">
              Upload a photo or video here, or in your vault.
            </EmptyState>
          ) : (
            <>
              <ul className={styles.vaultGrid} aria-label="Vault media">
                {items.map((item, i) => {
                  const kind = item.type === 'video' ? 'video' : 'photo';
                  const ready = item.status === 'ready';
                  return (
                    <li key={item._id}>
                      <button
                        type="button"
                        className={styles.vaultItem}
                        disabled={!ready}
                        onClick={() => onPick(item)}
                        aria-label={`Add ${kind} ${i + 1}${ready ? '' : ` (${item.status})`}`}
                      >
                        {item.th ? (
                          <img src={item.th} alt="" loading="lazy" />
                        ) : (
                          <span aria-hidden="true">🖼️</span>
                        )}
                        {item.type === 'video' && item.video_length != null && (
                          <span className={styles.badge}>{formatDuration(item.video_length)}</span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
              <LoadMore list={list} />
            </>
          )
        }
      </RequestView>
    </div>
  );
}
