import { useId, type ChangeEvent, type ReactNode } from 'react';
import styles from './FileButton.module.css';

/** A file picker that looks like a primary button: the label, pressed or reached by keyboard, opens it. */
export function FileButton({
  accept,
  multiple,
  disabled,
  onChange,
  children,
}: {
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        className={styles.file}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={onChange}
      />
      <label className={styles.button} htmlFor={id}>
        {children}
      </label>
    </>
  );
}
