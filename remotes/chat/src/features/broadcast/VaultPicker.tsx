import type { VaultItem } from '@cove/contracts';
import { formatDuration, useHost } from '@cove/runtime';
import { Button, EmptyState, LoadMore, RequestView } from '@cove/ui';
import { useVaultList } from './broadcast-api';
import type { DraftMedia } from './draft';
import styles from './Broadcast.module.css';

function asDraftMedia(item: VaultItem, index: number): DraftMedia {
  return {
    type: item.type,
    media_id: item.media_id,
    public_id: item.public_id,
    width: item.width,
    height: item.height,
    video_length: item.video_length,
    label: `${item.type === 'video' ? 'video' : 'photo'} ${index}`,
    thumb: item.th,
    vault: true,
  };
}

/** The creator's vault as buttons: a ready photo or video goes into the draft as it is, nothing uploaded. */
export function VaultPicker({ onPick, onClose }: { onPick(media: DraftMedia): void; onClose(): void }) {
  const { api } = useHost();
  const list = useVaultList(api);
  return (
    <div className={styles.vault}>
      <div className={styles.actions}>
        <h3 className={styles.grow}>Your vault</h3>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <RequestView state={list.state} retry={list.retry}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon="🗄️" title="Your vault is empty">
              Photos and videos you upload in your account’s vault show up here.
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
                        onClick={() => onPick(asDraftMedia(item, i + 1))}
                        aria-label={`Use ${kind} ${i + 1}${ready ? '' : ` (${item.status})`}`}
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
