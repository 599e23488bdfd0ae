import type { ReportEvidence } from '@cove/contracts';
import { when } from '../model/actions';
import styles from '../../../common/Console.module.css';

/** What the report copied when it was made: the reported person's messages, or their post. */
export function Evidence({ items }: { items: ReportEvidence[] }) {
  if (items.length === 0) return <p className={styles.muted}>No messages or post were attached.</p>;
  return (
    <ol className={styles.list} aria-label="Evidence">
      {items.map((e) => (
        <li key={`${e.kind}-${e.id}`}>
          <span className={styles.muted}>
            {e.kind === 'post' ? 'Post' : 'Message'} · {e.type} · {when(e.created_at)}
          </span>
          <p className={styles.quote}>{e.text || `(${e.type}, no text)`}</p>
        </li>
      ))}
    </ol>
  );
}
