import { mediaConfig, vaultDeleteResponse, vaultPage, type VaultItem } from '@cove/contracts';
import { errorMessage, requestState, useHost, useSession } from '@cove/runtime';
import { Button, EmptyState, RequestView } from '@cove/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type ChangeEvent } from 'react';
import { UploadFailure, checkFile, uploadMedia } from './upload';
import styles from './Vault.module.css';

interface VaultPage {
  data: VaultItem[];
  next: string | null;
}

interface Upload {
  key: number;
  name: string;
  fraction: number;
}

interface UploadProblem {
  key: number;
  name: string;
  message: string;
}

const duration = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

let uploadKey = 0;

/** `/account/vault`: a creator's uploaded photos and videos, with upload and delete. */
export function Vault() {
  const { user } = useSession();
  if (user?.type !== 'featured') {
    return (
      <EmptyState icon="🗄️" title="The vault is for creators">
        Creators keep the photos and videos they send in chats here.
      </EmptyState>
    );
  }
  return <CreatorVault />;
}

function CreatorVault() {
  const { api, bus, popups } = useHost();
  const inputId = useId();
  const firstQuery = useQuery({
    queryKey: ['vault'],
    queryFn: ({ signal }) => api.get('/v1/media', { query: { limit: 20 }, schema: vaultPage, signal }),
  });
  const first = requestState(firstQuery);
  const { refetch: refetchFirst } = firstQuery;
  const refetch = useCallback(() => void refetchFirst(), [refetchFirst]);
  const [more, setMore] = useState<VaultPage[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [added, setAdded] = useState<VaultItem[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);

  const [shown, setShown] = useState<VaultPage | null>(null);

  // A fresh first page replaces what was paged in or added locally since (adjusted while rendering).
  if (first.status === 'fetched' && first.data !== shown) {
    setShown(first.data);
    setMore([]);
    setAdded([]);
  }

  // An upload that finished processing (or failed) shows its final state.
  useEffect(() => {
    const sub = bus.on('media_status').subscribe(() => refetch());
    return () => sub.unsubscribe();
  }, [bus, refetch]);

  async function uploadOne(file: File) {
    const key = ++uploadKey;
    const refusal = checkFile(file);
    if (refusal) {
      setProblems((p) => [...p, { key, name: file.name, message: refusal }]);
      return;
    }
    setUploads((u) => [...u, { key, name: file.name, fraction: 0 }]);
    try {
      const url = await api
        .get('/v1/media/config', { schema: mediaConfig })
        .then((c) => c.upload_url || '/v1/media')
        .catch(() => '/v1/media');
      const res = await uploadMedia(url, file, (fraction) =>
        setUploads((u) => u.map((x) => (x.key === key ? { ...x, fraction } : x))),
      );
      const item: VaultItem = { ...res.media, _id: res.media_id, created_at: new Date().toISOString() };
      setAdded((a) => [item, ...a.filter((x) => x._id !== item._id)]);
      refetch();
    } catch (err) {
      const message = err instanceof UploadFailure ? err.message : errorMessage(err);
      setProblems((p) => [...p, { key, name: file.name, message }]);
    } finally {
      setUploads((u) => u.filter((x) => x.key !== key));
    }
  }

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    setNotice(null);
    for (const file of files) void uploadOne(file);
  }

  async function loadMore(next: string) {
    setLoadingMore(true);
    try {
      const page = await api.get(next, { schema: vaultPage });
      setMore((m) => [...m, page]);
    } catch (err) {
      setNotice(errorMessage(err));
    } finally {
      setLoadingMore(false);
    }
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
      await api.delete('/v1/media', { body: { ids }, schema: vaultDeleteResponse });
      setSelected(new Set());
      setNotice(ids.length === 1 ? 'Deleted 1 item' : `Deleted ${ids.length} items`);
      refetch();
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
    <section className={styles.vault} aria-labelledby={`${inputId}-title`}>
      <div className={styles.head}>
        <h2 id={`${inputId}-title`} className={styles.title}>
          Vault
        </h2>
        <div className={styles.actions}>
          {selected.size > 0 && (
            <Button variant="danger" onClick={() => void deleteSelected()}>
              Delete selected ({selected.size})
            </Button>
          )}
          <input
            id={inputId}
            className={styles.file}
            type="file"
            accept="image/*,video/*"
            multiple
            onChange={choose}
          />
          <label className={styles.upload} htmlFor={inputId}>
            Upload photos or videos
          </label>
        </div>
      </div>

      {uploads.map((u) => {
        const percent = Math.round(u.fraction * 100);
        return (
          <div key={u.key} className={styles.progress}>
            <span>
              Uploading {u.name} ({percent}%)
            </span>
            <progress
              max={100}
              value={percent}
              aria-label={`Uploading ${u.name}`}
              aria-valuetext={`${percent}%`}
            />
          </div>
        );
      })}

      {problems.map((p) => (
        <div key={p.key} className={styles.problem} role="alert">
          <strong>Upload error</strong>
          <p>
            {p.name}: {p.message}
          </p>
          <Button
            variant="secondary"
            onClick={() => setProblems((all) => all.filter((x) => x.key !== p.key))}
          >
            Dismiss
          </Button>
        </div>
      ))}

      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}

      <RequestView
        state={shown && first.status === 'fetching' ? { status: 'fetched', data: shown } : first}
        retry={refetch}
      >
        {(page) => {
          const seen = new Set<string>();
          const items = [...added, ...page.data, ...more.flatMap((m) => m.data)].filter((i) =>
            seen.has(i._id) ? false : (seen.add(i._id), true),
          );
          const next = more.length > 0 ? (more.at(-1)?.next ?? null) : page.next;
          if (items.length === 0) {
            return (
              <EmptyState icon="🗄️" title="Your vault is empty">
                Upload photos or videos to send them in chats.
              </EmptyState>
            );
          }
          return (
            <>
              <ul className={styles.grid} aria-label="Vault media">
                {items.map((item, index) => (
                  <VaultTile
                    key={item._id}
                    item={item}
                    index={index + 1}
                    selected={selected.has(item._id)}
                    onToggle={() => toggle(item._id)}
                  />
                ))}
              </ul>
              {next && (
                <Button variant="secondary" disabled={loadingMore} onClick={() => void loadMore(next)}>
                  {loadingMore ? 'Loading…' : 'Load more'}
                </Button>
              )}
            </>
          );
        }}
      </RequestView>
    </section>
  );
}

function VaultTile({
  item,
  index,
  selected,
  onToggle,
}: {
  item: VaultItem;
  index: number;
  selected: boolean;
  onToggle(): void;
}) {
  const kind = item.type === 'video' ? 'Video' : 'Photo';
  const label = `${kind} ${index}`;
  return (
    <li className={styles.tile} aria-label={label}>
      {item.status === 'processing' || !item.th ? (
        <div className={styles.placeholder} role="status">
          {item.status === 'processing' ? 'Processing…' : 'No preview'}
        </div>
      ) : (
        <img className={styles.thumb} src={item.th} alt={label} loading="lazy" />
      )}
      {item.type === 'video' && (
        <span className={styles.badge}>
          <span aria-hidden="true">▶</span>
          {item.video_length != null && <span> {duration(item.video_length)}</span>}
          <span className={styles.hidden}> video</span>
        </span>
      )}
      <label className={styles.select}>
        <input type="checkbox" checked={selected} onChange={onToggle} />
        <span className={styles.hidden}>Select {label}</span>
      </label>
    </li>
  );
}
