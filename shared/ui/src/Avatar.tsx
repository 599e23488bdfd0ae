import styles from './Avatar.module.css';

/** A person's picture (or their initial), with a green dot while they are online. */
export function Avatar({
  name,
  url,
  online,
  size = 44,
}: {
  name: string;
  url?: string | null;
  online?: boolean;
  size?: number;
}) {
  return (
    <span className={styles.avatar} style={{ width: size, height: size }} aria-hidden="true">
      {url ? (
        <img className={styles.image} src={url} alt="" width={size} height={size} loading="lazy" />
      ) : (
        <span className={styles.initial} style={{ fontSize: size * 0.4 }}>
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {online && <span className={styles.online} />}
    </span>
  );
}
