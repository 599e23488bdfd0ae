import type { VaultItem } from '@cove/contracts';
import {
  errorMessage,
  useFeature,
  useHost,
  useServerEvent,
  useSession,
  useUploads,
  type UploadedMedia,
} from '@cove/runtime';
import { updatePagedItems } from '@cove/runtime/query';
import {
  Button,
  EmptyState,
  FileButton,
  kit,
  MediaViewer,
  PagedView,
  Section,
  UploadQueue,
  viewerItemOf,
} from '@cove/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ChangeEvent } from 'react';
import { useMediaConfig } from '../../common/media-config';
import { useDeleteVaultItems } from './api/delete-vault-items';
import { useVault, vaultKey } from '../../common/vault';
import { VaultTile } from './components/VaultTile';
import styles from './Vault.module.css';

/** `/account/vault`: a creator's uploaded photos and videos, with upload and delete. */
export function Vault() {
  const { user } = useSession();
  const hasVault = useFeature('vault', true);
  if (user?.type !== 'featured') {
    return (
      <EmptyState icon="🗄️" title="The vault is for creators">
        Creators keep the photos and videos they send in chats here.
      </EmptyState>
    );
  }
  if (!hasVault) {
    return (
      <EmptyState icon="🗄️" title="Your vault is turned off">
        Photos and videos you send still reach your fans, and what they bought stays theirs. Ask support to
        turn the vault on again.
      </EmptyState>
    );
  }
  return <CreatorVault />;
}

function CreatorVault() {
  const { popups } = useHost();
  const client = useQueryClient();
  const list = useVault();
  const config = useMediaConfig();
  const deleteItems = useDeleteVaultItems();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: vaultKey }), [client]);
  const uploads = useUploads(
    useCallback(
      ({ media }: UploadedMedia) => {
        // A new upload has earned nothing yet (a file the server already had shows its earnings on refresh).
        const item: VaultItem = {
          ...media.media,
          _id: media.media_id,
          created_at: new Date().toISOString(),
          earned: 0,
          sales: 0,
        };
        // Into the cache, not a refetch per file: a video still processing is refreshed by its media_status.
        updatePagedItems<VaultItem>(client, vaultKey, (items) => [
          item,
          ...items.filter((i) => i._id !== item._id),
        ]);
      },
      [client],
    ),
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  // The item shown full screen; the viewer moves through every loaded item that can be shown.
  const [viewing, setViewing] = useState<string | null>(null);

  // An upload that finished processing (or failed) shows its final state.
  useServerEvent('media_status', refresh);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    setNotice(null);
    uploads.start(files, config.data ? { config: config.data } : {});
  }

  async function deleteSelected() {
    const ids = [...selected];
    if (ids.length === 0) return;
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '🗑️',
      sentence:
        ids.length === 1
          ? 'Delete this item from your vault? It cannot be sent again.'
          : `Delete ${ids.length} items from your vault? They cannot be sent again.`,
      confirmLabel: 'Delete',
    });
    if ((await outcome).action !== 'confirm') return;
    try {
      await deleteItems(ids);
      setSelected(new Set());
      setNotice(ids.length === 1 ? 'Deleted 1 item' : `Deleted ${ids.length} items`);
    } catch (err) {
      setNotice(errorMessage(err));
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Section
      title="Vault"
      actions={
        <div className={styles.actions}>
          {selected.size > 0 && (
            <Button variant="danger" onClick={() => void deleteSelected()}>
              Delete selected ({selected.size})
            </Button>
          )}
          <FileButton accept="image/*,video/*" multiple onChange={choose}>
            Upload photos or videos
          </FileButton>
        </div>
      }
    >
      <UploadQueue uploads={uploads} />

      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}

      <PagedView
        list={list}
        empty={
          <EmptyState icon="🗄️" title="Your vault is empty">
            Upload photos or videos to send them in chats.
          </EmptyState>
        }
      >
        {(items) => {
          const shown = items.flatMap((item, index) => {
            const full = viewerItemOf(item, `${item.type === 'video' ? 'Video' : 'Photo'} ${index + 1}`);
            return full ? [{ id: item._id, full }] : [];
          });
          const at = shown.findIndex((s) => s.id === viewing);
          return (
            <>
              <ul className={kit.tiles} aria-label="Vault media">
                {items.map((item, index) => (
                  <VaultTile
                    key={item._id}
                    item={item}
                    index={index + 1}
                    selected={selected.has(item._id)}
                    onToggle={() => toggle(item._id)}
                    onOpen={shown.some((s) => s.id === item._id) ? () => setViewing(item._id) : null}
                  />
                ))}
              </ul>
              {at >= 0 && (
                <MediaViewer items={shown.map((s) => s.full)} index={at} onClose={() => setViewing(null)} />
              )}
            </>
          );
        }}
      </PagedView>
    </Section>
  );
}
