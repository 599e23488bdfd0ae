import { useEffect, useRef, useState } from 'react';
import styles from '../Discover.module.css';

/** How long typing pauses before the search runs. */
export const searchDelayMs = 300;

/**
 * The creator search: it runs as the person types (once they pause), at once on Enter, and clears
 * with Escape or the field's own clear button. A newer search replaces the one in flight: the list's
 * request for the old words is dropped with it.
 */
export function SearchBox({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(query);
  const sent = useRef(query);
  const timer = useRef<number | undefined>(undefined);

  // The address changed on its own (back, a tab link): the field follows it.
  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      setText(query);
    }
  }, [query]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function send(value: string) {
    window.clearTimeout(timer.current);
    const q = value.trim();
    if (q === sent.current) return;
    sent.current = q;
    onSearch(q);
  }

  return (
    <input
      className={styles.search}
      type="search"
      aria-label="Search creators"
      placeholder="Search by name or bio"
      enterKeyHint="search"
      value={text}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setText(value);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => send(value), searchDelayMs);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') send(e.currentTarget.value);
      }}
    />
  );
}
