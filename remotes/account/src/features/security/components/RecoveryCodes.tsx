import { Button, kit } from '@cove/ui';
import styles from '../Security.module.css';

/** Recovery codes, shown once: the person keeps them somewhere safe, then says so. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <div className={styles.box}>
      <p className={kit.notice} role="status">
        Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your
        phone.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button onClick={onDone}>I saved my recovery codes</Button>
    </div>
  );
}
