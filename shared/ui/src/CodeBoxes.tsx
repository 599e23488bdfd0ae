import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import styles from './CodeBoxes.module.css';

/** The spec's verification code: four single digits (section 5). */
const codeLength = 4;
const wholeCode = new RegExp(`^\\d{${codeLength}}$`);

/** Four empty boxes: the start, and what a wrong code leaves. */
export const emptyCode = (): string[] => Array<string>(codeLength).fill('');

/**
 * Four single-digit boxes. Typing moves to the next box, Backspace in an empty box goes back, and a
 * pasted (or autofilled) 4-digit number fills all four and submits.
 */
export function CodeBoxes({
  digits,
  onChange,
  onComplete,
  disabled,
  label = 'Verification code',
  describedBy,
}: {
  digits: string[];
  onChange(digits: string[]): void;
  onComplete(code: string): void;
  disabled: boolean;
  /** The group's accessible name. */
  label?: string;
  /** The id of what explains the boxes (an error under them). */
  describedBy?: string;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const empty = digits.every((d) => d === '');

  // Cleared boxes (a wrong code) put the cursor back in the first one.
  useEffect(() => {
    if (empty) boxes.current[0]?.focus();
  }, [empty]);

  function fillAll(code: string) {
    onChange(code.split(''));
    onComplete(code);
  }

  function type(index: number, value: string) {
    const clean = value.replace(/\D/g, '');
    if (wholeCode.test(clean)) return fillAll(clean);
    const digit = clean.slice(-1);
    onChange(digits.map((d, i) => (i === index ? digit : d)));
    if (digit && index < codeLength - 1) boxes.current[index + 1]?.focus();
  }

  function keyDown(index: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[index] && index > 0) boxes.current[index - 1]?.focus();
  }

  function paste(e: ClipboardEvent) {
    const code = e.clipboardData.getData('text').replace(/\s/g, '');
    if (!wholeCode.test(code)) return;
    e.preventDefault();
    fillAll(code);
  }

  return (
    <div
      className={styles.boxes}
      onPaste={paste}
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
    >
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className={styles.box}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${i + 1}`}
          value={d}
          disabled={disabled}
          onChange={(e) => type(i, e.target.value)}
          onKeyDown={(e) => keyDown(i, e)}
        />
      ))}
    </div>
  );
}
