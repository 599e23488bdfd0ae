import { requestState, useHost } from '@cove/runtime';
import { RequestView } from '@cove/ui';
import { useEffect, useRef, useState } from 'react';
import { useDebounced } from '../../../common/use-debounced';
import { useGifs } from '../api/get-gifs';
import styles from './MessageComposer.module.css';
import toolStyles from './Tools.module.css';

/** Cove's GIF library, searchable; a pick sends it. Escape closes the picker. */
export function GifPicker({ onPick, onClose }: { onPick(url: string): void; onClose(): void }) {
  const { api } = useHost();
  const [q, setQ] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);
  const gifs = useGifs(api, useDebounced(q.trim(), 300));
  return (
    <div className={styles.gifPicker}>
      <input
        ref={search}
        type="search"
        aria-label="Search GIFs"
        placeholder="Search GIFs"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      />
      <RequestView state={requestState(gifs)} retry={() => void gifs.refetch()}>
        {({ data }) =>
          data.length === 0 ? (
            <p className={toolStyles.muted}>No GIFs match.</p>
          ) : (
            <ul className={styles.gifs} aria-label="GIFs">
              {data.map((g) => (
                <li key={g.id}>
                  <button type="button" className={styles.gifButton} onClick={() => onPick(g.url)}>
                    <img
                      src={g.url}
                      alt={`Send GIF: ${g.title}`}
                      width={g.width}
                      height={g.height}
                      loading="lazy"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </RequestView>
    </div>
  );
}
