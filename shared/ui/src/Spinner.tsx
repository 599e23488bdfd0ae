import styles from './Spinner.module.css';

/** The spec's spinner sizes. */
export type SpinnerSize = 20 | 25 | 50 | 75;

export function Spinner({ size = 25 }: { size?: SpinnerSize }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
